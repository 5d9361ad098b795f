import { limits, type TrackPoint, trackFastSpeedsNotice, trackImportNotices, trackJumpsDroppedNotice, units } from '@skylog/contracts';
import { bearingDegrees, haversineMetres } from './geo.ts';

/** The fastest ground speed a stored track may hold (limits.trackMaxGroundSpeedKt), in metres per second. */
export const maxSpeedMps = limits.trackMaxGroundSpeedKt / units.knotsPerMetrePerSecond;
/** Speeds and courses are compared over legs at least this long: a second's GPS jitter is metres, over 5 s it is noise. */
const minCompareLegMs = 5000;
/** Below this the course over the ground is noise and a speed ratio means little. */
const minMovingMps = 15 / units.knotsPerMetrePerSecond;
/** Too few moving legs to judge a field by: the field is left as recorded. */
const minCompareLegs = 10;
/** A recorded speed within this factor of the positions' (gusts, a lagging filter) agrees with them; m/s read as kt is 1.94, km/h 1.85. */
const maxSpeedRatio = 1.35;
/** A recorded course this far off the positions' bearing (median) is not a course: crab angles stay well inside it. */
const maxCourseDifferenceDeg = 45;
/** The chain of reachable fixes is tried from each of this many first fixes: a logger's first fixes may all be off before it settles. */
const maxStartTries = 5;

export type MovementCheck = { points: TrackPoint[]; notices: string[] };

/**
 * The track with every value that contradicts its own movement put right, and what was done in words:
 * fixes that would need more than limits.trackMaxGroundSpeedKt to reach are GPS jumps and are left out;
 * a speed or course field that disagrees with the positions (wrong scale or unit) is dropped so that
 * validate-track works it out from the positions; single speeds above the limit are dropped the same way.
 */
export const checkMovement = (points: TrackPoint[]): MovementCheck => {
  const notices: string[] = [];
  const reachable = withoutJumps(points);
  if (reachable.length < points.length) notices.push(trackJumpsDroppedNotice(points.length - reachable.length));

  const legs = movingLegs(reachable);
  const isSpeedWrong = disagrees(
    legs,
    (leg) => leg.recordedSpeed,
    (leg) => {
      const ratio = leg.recordedSpeed! / leg.speed;
      return ratio > maxSpeedRatio || ratio < 1 / maxSpeedRatio;
    },
  );
  const isCourseWrong = disagrees(
    legs,
    (leg) => leg.recordedCourse,
    (leg) => angleBetween(leg.recordedCourse!, leg.bearing) > maxCourseDifferenceDeg,
  );
  if (isSpeedWrong) notices.push(trackImportNotices.speedRecomputed);
  if (isCourseWrong) notices.push(trackImportNotices.courseRecomputed);

  let tooFast = 0;
  const checked = reachable.map((point) => {
    const isFast = !isSpeedWrong && point.speed !== null && point.speed > maxSpeedMps;
    if (isFast) tooFast += 1;
    if (!isSpeedWrong && !isCourseWrong && !isFast) return point;
    return { ...point, speed: isSpeedWrong || isFast ? null : point.speed, heading: isCourseWrong ? null : point.heading };
  });
  if (tooFast > 0) notices.push(trackFastSpeedsNotice(tooFast));
  return { points: checked, notices };
};

/** Whether `to` can be reached from `from` within the speed limit (a second's leg counts as a second, for timestamps in ms jitter). */
const isReachable = (from: TrackPoint, to: TrackPoint): boolean =>
  haversineMetres(from, to) <= maxSpeedMps * Math.max(1, Math.abs(to.timestamp - from.timestamp) / 1000);

/**
 * The fixes reachable one from the next within the speed limit. A fix neither neighbour can reach (a first fix
 * from a cold GPS, a spike) goes first, so that it cannot hold the fixes after it out; then the longest chain
 * from one of the first few starts is kept, whichever start that is.
 */
const withoutJumps = (points: TrackPoint[]): TrackPoint[] => {
  const candidates = points.filter((point, index) => {
    const previous = points[index - 1];
    const next = points[index + 1];
    if (previous === undefined) return next === undefined || isReachable(point, next);
    if (next === undefined) return isReachable(previous, point);
    return isReachable(previous, point) || isReachable(point, next);
  });
  let best: TrackPoint[] = [];
  for (let start = 0; start < Math.min(candidates.length, maxStartTries); start++) {
    const kept: TrackPoint[] = [];
    for (const point of candidates.slice(start)) {
      const previous = kept.at(-1);
      if (previous === undefined || isReachable(previous, point)) kept.push(point);
    }
    if (kept.length > best.length) best = kept;
  }
  return best;
};

type Leg = { speed: number; bearing: number; recordedSpeed: number | null; recordedCourse: number | null };

/** Legs of at least minCompareLegMs while moving, each with the recorded values at its end. */
const movingLegs = (points: TrackPoint[]): Leg[] => {
  const legs: Leg[] = [];
  let from = 0;
  points.forEach((point, index) => {
    const start = points[from];
    if (start === undefined || point.timestamp - start.timestamp < minCompareLegMs) return;
    const speed = haversineMetres(start, point) / ((point.timestamp - start.timestamp) / 1000);
    if (speed >= minMovingMps)
      legs.push({ speed, bearing: bearingDegrees(start, point), recordedSpeed: point.speed, recordedCourse: point.heading });
    from = index;
  });
  return legs;
};

/** Whether most legs that carry the field contradict the positions. */
const disagrees = (legs: Leg[], valueOf: (leg: Leg) => number | null, contradicts: (leg: Leg) => boolean): boolean => {
  const withValue = legs.filter((leg) => valueOf(leg) !== null);
  if (withValue.length < minCompareLegs) return false;
  return withValue.filter(contradicts).length * 2 > withValue.length;
};

const angleBetween = (a: number, b: number) => {
  const difference = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(difference, 360 - difference);
};
