import { limits, type TrackPoint } from '@skylog/contracts';
import { earthRadiusMetres } from './geo.ts';

type Projected = { x: number; y: number };

/** Within a millimetre is on the segment: splitting on float noise would make a straight stretch quadratic. */
const onSegmentSquaredMetres = 1e-6;

/**
 * The track as at most maxPoints [latitude, longitude] pairs (to about a metre) for the map overview: Douglas–Peucker with the
 * smallest tolerance that fits, first and last point always kept.
 *
 * Douglas–Peucker splits each stretch at its farthest point whatever the tolerance, so one pass with a
 * stack (no recursion: 200,000 points would overflow the call stack) records, for every point, the largest
 * tolerance that still keeps it. Keeping the points above the (maxPoints + 1)-th largest of those is then
 * exactly Douglas–Peucker at that tolerance, without a search over tolerances.
 */
export const simplifyTrack = (points: TrackPoint[], maxPoints: number = limits.trackOverviewMaxPoints): [number, number][] => {
  const limit = Math.max(2, Math.floor(maxPoints));
  if (points.length <= limit) return points.map(toOverviewPair);
  const keptAbove = findKeepingTolerances(project(points));
  const threshold = Float64Array.from(keptAbove).sort()[points.length - 1 - limit]!;
  return points.filter((_, index) => keptAbove[index]! > threshold).map(toOverviewPair);
};

/**
 * Five decimals, about a metre: more than a map of the whole flight can show, and it halves the JSON the
 * flight's detail sends, parses and checks on every open.
 */
export const toOverviewPair = (point: Pick<TrackPoint, 'latitude' | 'longitude'>): [number, number] => [roundToMetre(point.latitude), roundToMetre(point.longitude)];
const roundToMetre = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

/** Metres on a plane tangent at the track's mean latitude: true enough over one flight, and cheap. */
const project = (points: TrackPoint[]): Projected[] => {
  const metresPerDegree = (earthRadiusMetres * Math.PI) / 180;
  const meanLatitude = points.reduce((sum, point) => sum + point.latitude, 0) / points.length;
  const longitudeScale = Math.cos((meanLatitude * Math.PI) / 180);
  return points.map((point) => ({ x: point.longitude * longitudeScale * metresPerDegree, y: point.latitude * metresPerDegree }));
};

/** Per point, the largest (squared) tolerance at which Douglas–Peucker keeps it; Infinity for the ends. */
const findKeepingTolerances = (points: Projected[]): number[] => {
  const tolerances: number[] = points.map(() => 0);
  tolerances[0] = Infinity;
  tolerances[points.length - 1] = Infinity;
  const stack: [start: number, end: number, parentTolerance: number][] = [[0, points.length - 1, Infinity]];
  for (let range = stack.pop(); range !== undefined; range = stack.pop()) {
    const [start, end, parentTolerance] = range;
    let farthest = -1;
    let farthestDistance = onSegmentSquaredMetres;
    for (let index = start + 1; index < end; index++) {
      const distance = squaredDistanceToSegment(points[index]!, points[start]!, points[end]!);
      if (distance > farthestDistance) {
        farthest = index;
        farthestDistance = distance;
      }
    }
    // Nothing off the segment (an aircraft parked for an hour): every point between keeps tolerance 0, no split needed.
    if (farthest === -1) continue;
    // A point is kept only while the stretch it splits is kept, so its tolerance is capped by its parent's.
    const tolerance = Math.min(farthestDistance, parentTolerance);
    tolerances[farthest] = tolerance;
    stack.push([start, farthest, tolerance], [farthest, end, tolerance]);
  }
  return tolerances;
};

/** To the segment, not the line through it: a circuit that ends where it began has first and last point on top of each other. */
const squaredDistanceToSegment = (point: Projected, start: Projected, end: Projected): number => {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const lengthSquared = dx * dx + dy * dy;
  const along = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((point.x - start.x) * dx + (point.y - start.y) * dy) / lengthSquared));
  const offsetX = point.x - (start.x + along * dx);
  const offsetY = point.y - (start.y + along * dy);
  return offsetX * offsetX + offsetY * offsetY;
};
