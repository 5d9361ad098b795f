import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { MapBounds } from '@skylog/contracts';
import { getBoundingBox, type BoundingBox } from './geometry.ts';

/** The parts of a TopoJSON topology (world-atlas, us-atlas) this module reads. */
type TopoGeometry =
  | { type: 'Polygon'; arcs: number[][] }
  | { type: 'MultiPolygon'; arcs: number[][][] }
  | { type: 'GeometryCollection'; geometries: TopoGeometry[] }
  | { type: null | 'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString' };
export type Topology = {
  transform?: { scale: [number, number]; translate: [number, number] };
  arcs: [number, number][][];
  objects: Record<string, TopoGeometry>;
};

/** A decoded arc or stitched ring: flat lon/lat pairs with their box. */
export type AtlasPath = { path: Float64Array; box: BoundingBox };
/** A ring kept as the arcs it is made of (stitched only when a request reaches it) and its box. */
export type AtlasRing = { arcs: number[]; box: BoundingBox };

export type Atlas = {
  /** Land (world-atlas 1:10m), as rings of arcs: filled, and outlined (the coastline). */
  landRings: AtlasRing[];
  countryBorders: AtlasPath[];
  /** US states (us-atlas): only the borders between two states. */
  stateBorders: AtlasPath[];
  /** The world topology's arcs, which the land rings name. */
  arcs: AtlasPath[];
};

/** Quantized, delta-encoded arcs to absolute lon/lat. */
export function decodeArcs(topology: Topology): AtlasPath[] {
  const [scaleX, scaleY] = topology.transform?.scale ?? [1, 1];
  const [translateX, translateY] = topology.transform?.translate ?? [0, 0];
  return topology.arcs.map((arc) => {
    const path = new Float64Array(arc.length * 2);
    let x = 0;
    let y = 0;
    arc.forEach(([dx, dy], index) => {
      if (topology.transform) {
        x += dx;
        y += dy;
      } else {
        x = dx;
        y = dy;
      }
      path[2 * index] = x * scaleX + translateX;
      path[2 * index + 1] = y * scaleY + translateY;
    });
    return { path, box: getBoundingBox(path) };
  });
}

/** Every polygon of a geometry (a collection, a multipolygon, a polygon) as its rings of arc indices. */
function polygonsOf(geometry: TopoGeometry): number[][][] {
  switch (geometry.type) {
    case 'GeometryCollection':
      return geometry.geometries.flatMap(polygonsOf);
    case 'MultiPolygon':
      return geometry.arcs;
    case 'Polygon':
      return [geometry.arcs];
    default:
      return [];
  }
}

/** An arc index names the arc reversed when negative (~index), as TopoJSON says. */
const arcIndex = (reference: number) => (reference < 0 ? ~reference : reference);

/** Whether every point of a box lies beyond one edge of the bounds (left of west, above north, …). */
const isBeyondOneEdge = ([west, south, east, north]: BoundingBox, bounds: MapBounds) =>
  east < bounds.west || west > bounds.east || north < bounds.south || south > bounds.north;

/**
 * A ring's points in order (each arc after the first starts where the previous one ended), ready to
 * be clipped to `bounds`. An arc wholly beyond one edge of the bounds is replaced by its two ends: the
 * land between the arc and that straight line lies beyond the same edge, so the clipped ring is the
 * same, and a continent's 80,000 points shrink to the few near the box.
 */
export function stitchRing(arcs: readonly AtlasPath[], references: readonly number[], bounds: MapBounds): number[] {
  const ring: number[] = [];
  for (const reference of references) {
    const { path, box } = arcs[arcIndex(reference)]!;
    const pairs = path.length / 2;
    const isShortened = isBeyondOneEdge(box, bounds);
    for (let i = 0; i < pairs - 1; i += isShortened ? pairs - 1 : 1) {
      const source = reference < 0 ? pairs - 1 - i : i;
      ring.push(path[2 * source]!, path[2 * source + 1]!);
    }
  }
  // Close the ring with its first point.
  if (ring.length > 0) ring.push(ring[0]!, ring[1]!);
  return ring;
}

/** Arcs two different geometries share: the borders between countries (or states), not the coast. */
export function sharedArcs(collection: TopoGeometry): number[] {
  const owners = new Map<number, Set<number>>();
  const geometries = collection.type === 'GeometryCollection' ? collection.geometries : [collection];
  geometries.forEach((geometry, owner) => {
    for (const ring of polygonsOf(geometry).flat()) {
      for (const reference of ring) {
        const index = arcIndex(reference);
        const set = owners.get(index) ?? new Set<number>();
        set.add(owner);
        owners.set(index, set);
      }
    }
  });
  return [...owners].filter(([, set]) => set.size > 1).map(([index]) => index);
}

export function buildAtlas(world: Topology, states: Topology): Atlas {
  const arcs = decodeArcs(world);
  const stateArcs = decodeArcs(states);
  const land = world.objects.land!;
  const unionOf = (boxes: BoundingBox[]): BoundingBox => [
    Math.min(...boxes.map((box) => box[0])),
    Math.min(...boxes.map((box) => box[1])),
    Math.max(...boxes.map((box) => box[2])),
    Math.max(...boxes.map((box) => box[3])),
  ];
  return {
    arcs,
    landRings: polygonsOf(land)
      .flat()
      .map((ring) => ({ arcs: ring, box: unionOf(ring.map((reference) => arcs[arcIndex(reference)]!.box)) })),
    countryBorders: sharedArcs(world.objects.countries!).map((index) => arcs[index]!),
    stateBorders: sharedArcs(states.objects.states!).map((index) => stateArcs[index]!),
  };
}

const require = createRequire(import.meta.url);

/**
 * Natural Earth's land and countries at 1:10m (world-atlas) and the Census Bureau's US states
 * (us-atlas): about 4 MB of TopoJSON, a second and a half to parse and decode, so it is read by the
 * map data worker, never on the server's main thread.
 */
export async function readAtlas(): Promise<Atlas> {
  const read = async (name: string) => JSON.parse(await readFile(require.resolve(name), 'utf8')) as Topology;
  const [world, states] = await Promise.all([read('world-atlas/countries-10m.json'), read('us-atlas/states-10m.json')]);
  return buildAtlas(world, states);
}
