import { acsTolerances, type AcsEvidence, type AcsMeasurement } from '@skylog/contracts';
import { fieldPlaces, fixesBetween, isAwayFrom, isManoeuvring, speedOver, type AcsTrack } from './flight-track.ts';
import {
  evidence,
  formatDuration,
  formatWhole,
  largestDeviation,
  measurement,
  median,
  numbersBetween,
  plusMinus,
  quantile,
  valuesBetween,
} from './measure.ts';

const tolerance = acsTolerances.slowFlight;

/**
 * Slow flight is flown well below cruise: at most this share of the flight's cruise speed (a trainer cruising at 110 kt
 * flies slow flight near 55 kt and its final approach near 65; 72 kt is neither)…
 */
const slowShareOfCruise = 0.65;
/** …the cruise speed being this quantile of the speeds while cruising (the phases' level flight). */
const cruiseQuantile = 0.75;
/** It lasts at least this long, held level: it ends where the aircraft climbs or sinks faster than `levelMaxFpm` (a stall's break). */
const minSlowFlightS = 30;
const levelMaxFpm = 500;
/** A fix or two too fast (a gust, GPS jitter) this short does not end it. */
const slowBridgeS = 3;
/** Speeds are a centred mean over this many seconds: GPS ground speed jitters by a knot from fix to fix. */
const speedSmoothingS = 5;
/**
 * The ACS's +10/−0 kt is of the airspeed the examiner asks for, which Skylog is not told: it takes the speed the pilot
 * set up, the median over the first 30 s after the speed settled (first held within 4 kt for 10 s).
 */
const settleRangeKt = 4;
const settleS = 10;
const targetS = 30;
/** Heading is judged on the straight stretches (bank under 5° for at least 10 s), each against its own first heading. */
const straightBankDeg = 5;
const minStraightS = 10;
/** The entry altitude is the median of the fixes this many seconds up to where the speed settled. */
const entryAltitudeS = 2;

/**
 * PA.VII.A Slow Flight: every stretch of at least 30 s flown level well below the flight's cruise speed, more than
 * 3 NM from any field (in the pattern, slow is an approach), measured against FAA-S-ACS-6C: altitude ±100 ft of the
 * entry's, heading ±10°, airspeed +10/−0 kt of the speed held (see `targetS`). Without the aircraft's airspeed the
 * ground speed stands for it, which a turn in a wind changes (the labels say so).
 */
export function findSlowFlights(track: AcsTrack): AcsEvidence[] {
  const { time, verticalSpeedFpm } = track.kinematics;
  const speed = speedOver(track, 0, time.length - 1);
  const smoothed = time.map((at, index) => {
    const [first, last] = fixesBetween(time, at - (speedSmoothingS * 1000) / 2, at + (speedSmoothingS * 1000) / 2);
    const values = valuesBetween(speed.at, first, last);
    return values.length === 0 || speed.at(index) === null ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
  });
  const cruise = quantile(
    valuesBetween((index) => (track.phaseOf[index] === 'cruise' ? smoothed[index]! : null), 0, time.length - 1),
    cruiseQuantile,
  );
  if (cruise === undefined) return [];
  const places = fieldPlaces(track);
  const isSlow = (index: number) => {
    const value = smoothed[index];
    const rate = verticalSpeedFpm[index];
    return (
      value !== null &&
      value !== undefined &&
      value <= cruise * slowShareOfCruise &&
      isManoeuvring(track, index) &&
      rate !== null &&
      rate !== undefined &&
      Math.abs(rate) <= levelMaxFpm &&
      isAwayFrom(track.points[index]!, places)
    );
  };
  const runs: [number, number][] = [];
  for (let index = 0; index < time.length; index++) {
    if (!isSlow(index)) continue;
    const last = runs.at(-1);
    if (last !== undefined && time[index]! - time[last[1]]! <= slowBridgeS * 1000) last[1] = index;
    else runs.push([index, index]);
  }
  return runs.flatMap(([start, end]) => {
    if (time[end]! - time[start]! < minSlowFlightS * 1000) return [];
    const judged = judgeSlowFlight(track, smoothed, speed.isAirspeed, start, end);
    return judged === null ? [] : [judged];
  });
}

function judgeSlowFlight(
  track: AcsTrack,
  smoothed: (number | null)[],
  isAirspeed: boolean,
  start: number,
  end: number,
): AcsEvidence | null {
  const { time, altitudeFt, bankDeg, trackDeg } = track.kinematics;
  // Slowing into it and speeding up out of it are no part of it: it is flown from the speed settling to its last settled stretch.
  const isSettled = (first: number, last: number) => {
    if (first < start || last > end || time[last]! - time[first]! < settleS * 1000) return false;
    const window = numbersBetween(smoothed, first, last);
    return Math.max(...window) - Math.min(...window) <= settleRangeKt;
  };
  let settled = start;
  while (settled <= end && !isSettled(settled, fixesBetween(time, time[settled]!, time[settled]! + settleS * 1000)[1])) settled++;
  let lastHeld = end;
  while (lastHeld > settled && !isSettled(fixesBetween(time, time[lastHeld]! - settleS * 1000, time[lastHeld]!)[0], lastHeld)) lastHeld--;
  if (settled > end || time[lastHeld]! - time[settled]! < minSlowFlightS * 1000) return null;
  end = lastHeld;
  const target = median(
    numbersBetween(smoothed, settled, Math.min(end, fixesBetween(time, time[settled]!, time[settled]! + targetS * 1000)[1])),
  )!;
  const speeds = numbersBetween(smoothed, settled, end);
  const measurements: AcsMeasurement[] = [];
  const phrases: string[] = [];

  const entryAltitude = median(
    numbersBetween(altitudeFt, fixesBetween(time, time[settled]! - entryAltitudeS * 1000, time[settled]!)[0], settled),
  );
  if (entryAltitude !== undefined) {
    const altitude = measurement(
      'Altitude, largest deviation from the entry altitude',
      largestDeviation(numbersBetween(altitudeFt, settled, end).map((value) => value - entryAltitude)),
      'ft',
      plusMinus(tolerance.altitudeFt, tolerance.altitudeFt, ' ft'),
      { min: -tolerance.altitudeFt, max: tolerance.altitudeFt },
    );
    measurements.push(altitude);
    phrases.push(
      altitude.within
        ? `altitude within ${formatWhole(Math.abs(altitude.value))} ft`
        : `${altitude.value > 0 ? 'gained' : 'lost'} ${formatWhole(Math.abs(altitude.value))} ft`,
    );
  }

  const headingDeviation = straightDeviation(time, bankDeg, trackDeg, settled, end);
  if (headingDeviation !== null) {
    const heading = measurement(
      'Heading on the straight stretches, largest deviation (track over the ground)',
      headingDeviation,
      'deg',
      plusMinus(tolerance.headingDeg, tolerance.headingDeg, '°'),
      { min: -tolerance.headingDeg, max: tolerance.headingDeg },
    );
    measurements.push(heading);
    phrases.push(`heading within ${formatWhole(Math.abs(heading.value))}°`);
  }

  const name = isAirspeed ? 'Indicated airspeed' : 'Ground speed (wind not removed)';
  const limit = `${plusMinus(tolerance.airspeedPlusKt, tolerance.airspeedMinusKt, ' kt')} of the speed held`;
  const fastest = measurement(`${name}, fastest above the speed held`, Math.max(...speeds) - target, 'kt', limit, {
    max: tolerance.airspeedPlusKt,
  });
  const slowest = measurement(`${name}, slowest against the speed held`, Math.min(...speeds) - target, 'kt', limit, {
    min: -tolerance.airspeedMinusKt,
  });
  measurements.push(fastest, slowest);
  phrases.push(`${isAirspeed ? 'airspeed' : 'ground speed'} ${formatWhole(Math.min(...speeds))}–${formatWhole(Math.max(...speeds))} kt`);

  const summary = `Slow flight for ${formatDuration(time[end]! - time[settled]!)}, speed held ${formatWhole(target)} kt: ${phrases.join(', ')}`;
  return evidence(tolerance.task, time[settled]!, time[end]!, summary, measurements);
}

/** The largest deviation of the track on any straight stretch of [from, to] from that stretch's first heading; null with none. */
function straightDeviation(
  time: number[],
  bankDeg: (number | null)[],
  trackDeg: (number | null)[],
  from: number,
  to: number,
): number | null {
  let worst: number | null = null;
  let stretchStart = -1;
  const close = (end: number) => {
    if (stretchStart < 0 || time[end]! - time[stretchStart]! < minStraightS * 1000) return;
    const reference = trackDeg[stretchStart]!;
    const deviation = largestDeviation(numbersBetween(trackDeg, stretchStart, end).map((course) => course - reference));
    if (worst === null || Math.abs(deviation) > Math.abs(worst)) worst = deviation;
  };
  for (let index = from; index <= to; index++) {
    const bank = bankDeg[index];
    const isStraight = bank !== null && bank !== undefined && Math.abs(bank) < straightBankDeg && trackDeg[index] !== null;
    if (isStraight && stretchStart < 0) stretchStart = index;
    if (!isStraight && stretchStart >= 0) {
      close(index - 1);
      stretchStart = -1;
    }
  }
  close(to);
  return worst;
}
