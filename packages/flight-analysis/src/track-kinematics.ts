import type { TrackPoint } from '@skylog/contracts';
import { bearingDegrees, haversineMetres } from '@skylog/track-formats';

/** Vertical speed is the slope over this many seconds: GPS altitude jitters by metres from fix to fix, a 10-s slope still shows a level-off. */
const verticalSpeedWindowS = 10;
/** Turn rate is the slope of the track over this many seconds: a roll-in takes 2–3 s, five fixes average out course jitter. */
const turnRateWindowS = 5;
/** Below walking pace a GPS course is noise, so no turn rate (and no bank) is worked out. */
const minTrackSpeedKt = 5;
/** A slope needs at least three fixes to average anything. */
const minSlopePoints = 3;

export const knotsPerMps = 1.943844;
export const feetPerMetre = 3.28084;
/** Standard gravity, for bank from turn rate. */
export const gravityMps2 = 9.80665;

export type Kinematics = {
  /** Epoch ms of each point. */
  time: number[];
  groundSpeedKt: (number | null)[];
  altitudeFt: (number | null)[];
  /** Positive climbing. */
  verticalSpeedFpm: (number | null)[];
  /**
   * Measured where the track has the aircraft's roll (a Garmin data log), else estimated from the turn rate over
   * the ground and the ground speed (true airspeed is unknown), so wind skews it: positive turning right.
   */
  bankDeg: (number | null)[];
  /** Track over the ground, degrees, unwrapped (359 → 361, not 1) so a difference is the turn flown; null when too slow for a course. */
  trackDeg: (number | null)[];
};

/**
 * Per-point derived series of a track in time order (as stored: times never go back). Linear in the number
 * of points for a steady fix rate.
 */
export function computeKinematics(points: TrackPoint[]): Kinematics {
  const time = points.map((point) => point.timestamp);
  const groundSpeedKt = points.map((point, index) =>
    point.speed === null ? speedFromPositions(points, index) : point.speed * knotsPerMps,
  );
  const altitudeFt = points.map((point) => (point.altitude === null ? null : point.altitude * feetPerMetre));
  const verticalSpeedFpm = windowedSlopes(time, altitudeFt, verticalSpeedWindowS).map((slope) => (slope === null ? null : slope * 60));
  const trackDeg = unwrappedTracks(points, groundSpeedKt);
  const turnRateDegS = windowedSlopes(time, trackDeg, turnRateWindowS);
  const bankDeg = turnRateDegS.map((rate, index) => {
    // An aircraft's own attitude sensor (a Garmin data log's Roll) measures what the turn rate only estimates.
    const measured = points[index]?.roll_deg;
    if (measured !== undefined) return measured;
    const speedKt = groundSpeedKt[index];
    if (rate === null || speedKt === null || speedKt === undefined) return null;
    const omega = (rate * Math.PI) / 180;
    return (Math.atan(((speedKt / knotsPerMps) * omega) / gravityMps2) * 180) / Math.PI;
  });
  return { time, groundSpeedKt, altitudeFt, verticalSpeedFpm, bankDeg, trackDeg };
}

/** Over the legs either side of the point (one leg at the ends): what validate-track fills in, for tracks that skipped it. */
const speedFromPositions = (points: TrackPoint[], index: number): number | null => {
  const from = points[Math.max(0, index - 1)];
  const to = points[Math.min(points.length - 1, index + 1)];
  if (from === undefined || to === undefined || to.timestamp <= from.timestamp) return null;
  return (haversineMetres(from, to) / ((to.timestamp - from.timestamp) / 1000)) * knotsPerMps;
};

/**
 * Track over the ground per point, in degrees, unwrapped (359 → 361, not 1) so a slope through north is a
 * turn rate; null where the aircraft is too slow for a course to mean anything.
 */
const unwrappedTracks = (points: TrackPoint[], groundSpeedKt: (number | null)[]): (number | null)[] => {
  let previousRaw: number | null = null;
  let previousUnwrapped = 0;
  return points.map((point, index) => {
    const speedKt = groundSpeedKt[index];
    const from = points[Math.max(0, index - 1)]!;
    const to = points[Math.min(points.length - 1, index + 1)]!;
    if (
      speedKt === null ||
      speedKt === undefined ||
      speedKt < minTrackSpeedKt ||
      (from.latitude === to.latitude && from.longitude === to.longitude)
    )
      return null;
    const raw = bearingDegrees(from, to);
    const unwrapped = previousRaw === null ? raw : previousUnwrapped + ((raw - previousRaw + 540) % 360) - 180;
    previousRaw = raw;
    previousUnwrapped = unwrapped;
    return unwrapped;
  });
};

/**
 * Least-squares slope (per second) of `values` over a window of `windowS` seconds centred on each point,
 * skipping nulls. Null where the window holds fewer than three values or spans under half the window.
 */
const windowedSlopes = (time: number[], values: (number | null)[], windowS: number): (number | null)[] => {
  const times: number[] = [];
  const kept: number[] = [];
  values.forEach((value, index) => {
    if (value !== null) {
      times.push(time[index]!);
      kept.push(value);
    }
  });
  const halfMs = (windowS * 1000) / 2;
  let low = 0;
  let high = 0;
  return time.map((centre) => {
    while (low < times.length && times[low]! < centre - halfMs) low++;
    while (high < times.length && times[high]! <= centre + halfMs) high++;
    const count = high - low;
    if (count < minSlopePoints || times[high - 1]! - times[low]! < halfMs) return null;
    let meanT = 0;
    let meanV = 0;
    for (let index = low; index < high; index++) {
      meanT += (times[index]! - centre) / 1000;
      meanV += kept[index]!;
    }
    meanT /= count;
    meanV /= count;
    let covariance = 0;
    let variance = 0;
    for (let index = low; index < high; index++) {
      const dt = (times[index]! - centre) / 1000 - meanT;
      covariance += dt * (kept[index]! - meanV);
      variance += dt * dt;
    }
    return variance === 0 ? null : covariance / variance;
  });
};
