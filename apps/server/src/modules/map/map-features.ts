import type { MapAirport, MapBounds, MapFeatures } from '@skylog/contracts';
import type { DatabaseSync } from 'node:sqlite';
import { findAirports, type RunwayEndRow } from './airports.repository.ts';
import { stitchRing, type Atlas, type AtlasPath } from './atlas.ts';
import { clipLine, clipRing, isOverlapping, roundDegrees, simplifyPath, toLatLngs } from './geometry.ts';

/** Natural Earth and the Census Bureau's data are public domain; the airports' data base is under the ODbL. */
const attribution = 'Natural Earth · US Census Bureau · Airports © OurAirports (ODbL)';

/**
 * Simplify to a thousandth of the box: the web app asks for twice what it shows, so about a pixel
 * on its map, and the data (1:10m) is no finer than that.
 */
const toleranceOf = (bounds: MapBounds) => Math.max(bounds.north - bounds.south, bounds.east - bounds.west) / 1000;

/** Each runway as its two thresholds; a runway with one known end is left out. */
function runwaysByAirport(ends: RunwayEndRow[]): Map<number, MapAirport['runways']> {
  const byRunway = new Map<number, RunwayEndRow[]>();
  for (const end of ends) {
    const known = byRunway.get(end.runway_id);
    if (known) known.push(end);
    else byRunway.set(end.runway_id, [end]);
  }
  const byAirport = new Map<number, MapAirport['runways']>();
  for (const [first, second] of byRunway.values()) {
    if (!first || !second) continue;
    const runways = byAirport.get(first.airport_id) ?? [];
    runways.push([
      [roundDegrees(first.latitude), roundDegrees(first.longitude)],
      [roundDegrees(second.latitude), roundDegrees(second.longitude)],
    ]);
    byAirport.set(first.airport_id, runways);
  }
  return byAirport;
}

/** Land and borders inside the box: clipped to it, simplified for its size. */
export function getAtlasFeatures(atlas: Atlas, bounds: MapBounds): Pick<MapFeatures, 'land' | 'country_borders' | 'state_borders'> {
  const tolerance = toleranceOf(bounds);
  const lines = (paths: AtlasPath[]) =>
    paths
      .filter((line) => isOverlapping(line.box, bounds))
      .flatMap((line) => clipLine(line.path, bounds))
      .map((piece) => simplifyPath(piece, tolerance))
      .filter((piece) => piece.length >= 4)
      .map(toLatLngs);
  return {
    land: atlas.landRings
      .filter((ring) => isOverlapping(ring.box, bounds))
      .map((ring) => simplifyPath(clipRing(stitchRing(atlas.arcs, ring.arcs, bounds), bounds), tolerance))
      // A ring needs three corners and its closing point.
      .filter((ring) => ring.length >= 8)
      .map(toLatLngs),
    country_borders: lines(atlas.countryBorders),
    state_borders: lines(atlas.stateBorders),
  };
}

/** The whole answer: the atlas's geometry and the airports (with runways) inside the box. */
export function getMapFeatures(atlas: Atlas, airportsDb: DatabaseSync | null, bounds: MapBounds): MapFeatures {
  const { airports, runwayEnds } = airportsDb ? findAirports(airportsDb, bounds) : { airports: [], runwayEnds: [] };
  const runways = runwaysByAirport(runwayEnds);
  return {
    ...getAtlasFeatures(atlas, bounds),
    airports: airports.map((airport) => ({
      ident: airport.ident,
      iata: airport.iata || null,
      name: airport.name,
      kind: airport.kind,
      position: [roundDegrees(airport.latitude), roundDegrees(airport.longitude)],
      runways: runways.get(airport.id) ?? [],
    })),
    attribution,
  };
}
