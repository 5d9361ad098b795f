import { limits, type TrackPoint, units } from '@skylog/contracts';
import { haversineMetres } from './geo.ts';
import { TrackFileError, type UntimedPoint } from './track-file-error.ts';

/** What an import of a path without times answers, so the pilot knows what to give. */
export const untimedTrackMessage = (what: string) =>
  `${what} but no times. Give the take-off time and either the landing time or the audio's length, and Skylog spreads its points evenly between them.`;

/**
 * The path flown at one constant ground speed from take-off to landing: each point's time is the take-off
 * plus the flight's duration times the share of the path's length flown to reach it. A path that does not
 * move (every point in one place) is spread evenly by point. Speeds in the file belong to no time and are
 * dropped; validate-track works out the constant one.
 */
export const spreadTimes = (path: UntimedPoint[], takeoffMs: number, landingMs: number): TrackPoint[] => {
  const along = [0];
  path.forEach((point, index) => {
    const previous = path[index - 1];
    if (previous !== undefined) along.push(along.at(-1)! + haversineMetres(previous, point));
  });
  const length = along.at(-1) ?? 0;
  const durationMs = landingMs - takeoffMs;
  const speedKt = (length / (durationMs / 1000)) * units.knotsPerMetrePerSecond;
  if (speedKt > limits.trackMaxGroundSpeedKt) {
    throw new TrackFileError(
      `Between the take-off and landing times given the path would be flown at ${Math.round(speedKt)} kt, over the ${limits.trackMaxGroundSpeedKt} kt a school's aircraft can fly; check the times.`,
    );
  }
  return path.map((point, index) => {
    const share = length > 0 ? along[index]! / length : index / Math.max(1, path.length - 1);
    return { ...point, speed: null, timestamp: Math.round(takeoffMs + share * durationMs) };
  });
};
