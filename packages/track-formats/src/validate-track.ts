import { limits, type TrackPoint } from '@skylog/contracts';
import { checkMovement, maxSpeedMps } from './check-movement.ts';
import { bearingDegrees, haversineMetres } from './geo.ts';
import { TrackFileError } from './track-file-error.ts';

const optionalFields = ['altitude', 'accuracy', 'heading', 'speed', 'ias_kt', 'pitch_deg', 'roll_deg'] as const;

/** A stored track and what was put right in it, in words for the pilot. */
export type CheckedTrack = { points: TrackPoint[]; notices: string[] };

/**
 * The track Skylog stores: checked (limits.trackMinPoints to limits.trackMaxPoints points, positions in range,
 * times never going back), without repeated fixes of the same time, with values that contradict the movement
 * put right (check-movement.ts), and with speed and heading worked out from the positions where the recorder
 * left them out. Points are numbered from 1 in messages, as in the file.
 */
export const validateTrack = (points: TrackPoint[]): CheckedTrack => {
  if (points.length > limits.trackMaxPoints) {
    throw new TrackFileError(
      `This track has ${formatCount(points.length)} points; Skylog takes at most ${formatCount(limits.trackMaxPoints)}.`,
    );
  }
  const kept: TrackPoint[] = [];
  points.forEach((point, index) => {
    checkValues(point, index + 1);
    const previous = kept.at(-1);
    if (previous !== undefined && point.timestamp < previous.timestamp) {
      throw new TrackFileError(`Time goes backwards at point ${index + 1} (${describeTimes(point.timestamp, previous.timestamp)}).`);
    }
    // A second fix of the same moment is a logger repeating itself.
    if (previous?.timestamp !== point.timestamp) kept.push(point);
  });
  const first = points[0];
  if (kept.length === 1 && points.length > 1 && first !== undefined) {
    throw new TrackFileError(
      `All ${formatCount(points.length)} points have the same time (${new Date(first.timestamp).toISOString()}); a track's times must move on from point to point.`,
    );
  }
  if (kept.length < limits.trackMinPoints) {
    throw new TrackFileError(`A track needs at least ${limits.trackMinPoints} points with different times; this one has ${kept.length}.`);
  }
  const moved = checkMovement(kept);
  if (moved.points.length < limits.trackMinPoints) {
    throw new TrackFileError(
      `Only ${moved.points.length} points of this track are reachable one from the next below ${limits.trackMaxGroundSpeedKt} kt; the positions are not a flight.`,
    );
  }
  return { points: capSpeeds(fillSpeedAndHeading(moved.points)), notices: moved.notices };
};

/** Fixes a fraction of a second apart turn a few metres of GPS jitter into any speed; none stored passes the limit. */
const capSpeeds = (points: TrackPoint[]): TrackPoint[] =>
  points.map((point) => (point.speed !== null && point.speed > maxSpeedMps ? { ...point, speed: maxSpeedMps } : point));

const checkValues = (point: TrackPoint, pointNumber: number) => {
  // new Date() also refuses times outside the ±275,000 years a Date can hold.
  if (Number.isNaN(new Date(point.timestamp).getTime())) throw new TrackFileError(`Point ${pointNumber} has no valid time.`);
  checkRange(point.latitude, 'latitude', 90, pointNumber);
  checkRange(point.longitude, 'longitude', 180, pointNumber);
  for (const field of optionalFields) {
    const value = point[field];
    if (value !== null && value !== undefined && !Number.isFinite(value))
      throw new TrackFileError(`Point ${pointNumber} has an invalid ${field}.`);
  }
};

const checkRange = (value: number, name: 'latitude' | 'longitude', limit: number, pointNumber: number) => {
  if (!Number.isFinite(value)) throw new TrackFileError(`Point ${pointNumber} has no valid ${name}.`);
  if (Math.abs(value) > limit) {
    throw new TrackFileError(`Point ${pointNumber} has ${name} ${value}; ${name}s run from -${limit} to ${limit}.`);
  }
};

const fillSpeedAndHeading = (points: TrackPoint[]): TrackPoint[] => {
  let previousHeading: number | null = null;
  return points.map((point, index) => {
    // The first point takes its values from the leg to the second, every other one from the leg that reaches it.
    const [from, to] = index === 0 ? [point, points[1]] : [points[index - 1], point];
    if (from === undefined || to === undefined || (point.speed !== null && point.heading !== null)) {
      previousHeading = point.heading;
      return point;
    }
    const metres = haversineMetres(from, to);
    // Standing still has no direction: keep the one the aircraft had.
    const heading = point.heading ?? (metres > 0 ? bearingDegrees(from, to) : previousHeading);
    previousHeading = heading;
    return { ...point, speed: point.speed ?? metres / ((to.timestamp - from.timestamp) / 1000), heading };
  });
};

const formatCount = (count: number) => count.toLocaleString('en-US');

/** "10:15:03 after 10:15:07 UTC", with the dates when they differ and the milliseconds when only they differ. */
const describeTimes = (current: number, previous: number): string => {
  const currentText = new Date(current).toISOString();
  const previousText = new Date(previous).toISOString();
  const isSameDay = currentText.slice(0, 10) === previousText.slice(0, 10);
  const isSameSecond = currentText.slice(0, 19) === previousText.slice(0, 19);
  const format = (iso: string) => `${isSameDay ? '' : `${iso.slice(0, 10)} `}${iso.slice(11, isSameSecond ? 23 : 19)}`;
  return `${format(currentText)} after ${format(previousText)} UTC`;
};
