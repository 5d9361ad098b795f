import type { MapBounds } from '@skylog/contracts';

/** A line or ring as flat [lon, lat, lon, lat, …] pairs: compact for the world's coastlines. */
export type FlatPath = ArrayLike<number>;
/** [west, south, east, north] */
export type BoundingBox = [number, number, number, number];

export function getBoundingBox(path: FlatPath): BoundingBox {
  const box: BoundingBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 1 < path.length; i += 2) {
    const x = path[i]!;
    const y = path[i + 1]!;
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  }
  return box;
}

export function isOverlapping([west, south, east, north]: BoundingBox, bounds: MapBounds): boolean {
  return west <= bounds.east && east >= bounds.west && south <= bounds.north && north >= bounds.south;
}

/** Liang–Barsky: the part of one segment inside the box, and whether either end was cut. */
function clipSegment(x0: number, y0: number, x1: number, y1: number, bounds: MapBounds) {
  const dx = x1 - x0;
  const dy = y1 - y0;
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, x0 - bounds.west],
    [dx, bounds.east - x0],
    [-dy, y0 - bounds.south],
    [dy, bounds.north - y0],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return null;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return null;
      if (r < t1) t1 = r;
    }
  }
  const isStartCut = t0 > 0;
  const isEndCut = t1 < 1;
  // An end that was not cut keeps its exact value.
  return {
    x0: isStartCut ? x0 + t0 * dx : x0,
    y0: isStartCut ? y0 + t0 * dy : y0,
    x1: isEndCut ? x0 + t1 * dx : x1,
    y1: isEndCut ? y0 + t1 * dy : y1,
    isStartCut,
    isEndCut,
  };
}

/** Whether a point lies outside the box (Cohen–Sutherland outcode: 0 inside). */
function outcode(x: number, y: number, bounds: MapBounds): number {
  return (x < bounds.west ? 1 : x > bounds.east ? 2 : 0) | (y < bounds.south ? 4 : y > bounds.north ? 8 : 0);
}

/** The pieces of a line inside the box: a line that leaves and comes back gives two pieces. */
export function clipLine(path: FlatPath, bounds: MapBounds): number[][] {
  const pieces: number[][] = [];
  let piece: number[] | null = null;
  let code = outcode(path[0]!, path[1]!, bounds);
  for (let i = 0; i + 3 < path.length; i += 2) {
    const nextCode = outcode(path[i + 2]!, path[i + 3]!, bounds);
    const isOutsideTogether = (code & nextCode) !== 0;
    code = nextCode;
    // Both ends beyond the same edge: nothing of this segment is inside (most of a coastline).
    if (isOutsideTogether) {
      piece = null;
      continue;
    }
    const segment = clipSegment(path[i]!, path[i + 1]!, path[i + 2]!, path[i + 3]!, bounds);
    if (!segment) {
      piece = null;
      continue;
    }
    if (!piece || segment.isStartCut) {
      piece = [segment.x0, segment.y0];
      pieces.push(piece);
    }
    piece.push(segment.x1, segment.y1);
    if (segment.isEndCut) piece = null;
  }
  return pieces;
}

/** One Sutherland–Hodgman pass: keep the side of `axis` (0: x, 1: y) at or beyond `limit` in `direction`. */
function clipAgainstEdge(input: number[], axis: 0 | 1, limit: number, direction: 1 | -1): number[] {
  const output: number[] = [];
  const count = input.length / 2;
  if (count === 0) return output;
  const isInside = (index: number) => (input[2 * index + axis]! - limit) * direction >= 0;
  let previous = count - 1;
  let isPreviousInside = isInside(previous);
  for (let current = 0; current < count; current += 1) {
    const isCurrentInside = isInside(current);
    if (isCurrentInside !== isPreviousInside) {
      const ax = input[2 * previous]!;
      const ay = input[2 * previous + 1]!;
      const bx = input[2 * current]!;
      const by = input[2 * current + 1]!;
      if (axis === 0) output.push(limit, ay + ((limit - ax) * (by - ay)) / (bx - ax));
      else output.push(ax + ((limit - ay) * (bx - ax)) / (by - ay), limit);
    }
    if (isCurrentInside) output.push(input[2 * current]!, input[2 * current + 1]!);
    previous = current;
    isPreviousInside = isCurrentInside;
  }
  return output;
}

/**
 * Sutherland–Hodgman against the box: a ring for filling (land). Where the ring runs outside, the
 * result follows the box's edge, which is right for a fill drawn without an outline.
 */
export function clipRing(path: FlatPath, bounds: MapBounds): number[] {
  let ring = Array.from(path);
  ring = clipAgainstEdge(ring, 0, bounds.west, 1);
  ring = clipAgainstEdge(ring, 0, bounds.east, -1);
  ring = clipAgainstEdge(ring, 1, bounds.south, 1);
  ring = clipAgainstEdge(ring, 1, bounds.north, -1);
  if (ring.length < 6) return [];
  // Closed, as it came: the last point repeats the first.
  ring.push(ring[0]!, ring[1]!);
  return ring;
}

/** Squared distance from (x, y) to the segment a–b. */
function segmentDistanceSquared(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / lengthSquared));
  const ex = ax + t * dx - x;
  const ey = ay + t * dy - y;
  return ex * ex + ey * ey;
}

/** Douglas–Peucker with a tolerance in degrees (iterative: a coastline has tens of thousands of points). */
export function simplifyPath(path: FlatPath, tolerance: number): number[] {
  const count = path.length / 2;
  if (count <= 2) return Array.from(path);
  const isKept = new Uint8Array(count);
  isKept[0] = 1;
  isKept[count - 1] = 1;
  const toleranceSquared = tolerance * tolerance;
  const stack: [number, number][] = [[0, count - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let farthestDistance = toleranceSquared;
    for (let i = first + 1; i < last; i += 1) {
      const distance = segmentDistanceSquared(
        path[2 * i]!,
        path[2 * i + 1]!,
        path[2 * first]!,
        path[2 * first + 1]!,
        path[2 * last]!,
        path[2 * last + 1]!,
      );
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest < 0) continue;
    isKept[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  const simplified: number[] = [];
  for (let i = 0; i < count; i += 1) if (isKept[i]) simplified.push(path[2 * i]!, path[2 * i + 1]!);
  return simplified;
}

/** Rounds to 1e-4 degrees (about 11 m): finer than the data, and short to send. */
export const roundDegrees = (value: number) => Math.round(value * 1e4) / 1e4;

/** Flat lon/lat pairs to rounded [lat, lon] tuples. */
export function toLatLngs(path: FlatPath): [number, number][] {
  const latLngs: [number, number][] = [];
  for (let i = 0; i + 1 < path.length; i += 2) latLngs.push([roundDegrees(path[i + 1]!), roundDegrees(path[i]!)]);
  return latLngs;
}
