import { limits, type TrackPoint, trackFastSpeedsNotice, trackImportNotices, trackJumpsDroppedNotice, units } from '@skylog/contracts';
import { bearingDegrees, haversineMetres } from './geo.ts';

const maxSpeedMps = limits.trackMaxGroundSpeedKt / units.knotsPerMetrePerSecond;
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
/** A logger that loses its fix at the start would take every later fix with it; after this many tries the start is kept. */
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
  const isSpeedWrong = disagrees(legs, (leg) => leg.recordedSpeed, (leg) => {
    const ratio = leg.recordedSpeed! / leg.speed;
    return ratio > maxSpeedRatio || ratio < 1 / maxSpeedRatio;
  });
  const isCourseWrong = disagrees(legs, (leg) => leg.recordedCourse, (leg) => angleBetween(leg.recordedCourse!, leg.bearing) > maxCourseDifferenceDeg);
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

/** The fixes reachable one from the next within the speed limit (a second's leg counts as a second, for timestamps in ms jitter). */
const withoutJumps = (points: TrackPoint[]): TrackPoint[] => {
  let best: TrackPoint[] = [];
  for (let start = 0; start < Math.min(points.length, maxStartTries); start++) {
    const kept: TrackPoint[] = [];
    for (const point of points.slice(start)) {
      const previous = kept.at(-1);
      if (previous === undefined || haversineMetres(previous, point) <= maxSpeedMps * Math.max(1, (point.timestamp - previous.timestamp) / 1000)) {
        kept.push(point);
      }
    }
    if (kept.length > best.length) best = kept;
    // Most fixes kept: the start was good.
    if (best.length * 2 > points.length) break;
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
    if (speed >= minMovingMps) legs.push({ speed, bearing: bearingDegrees(start, point), recordedSpeed: point.speed, recordedCourse: point.heading });
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
