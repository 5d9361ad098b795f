import { acsTolerances, type AcsEvidence } from '@skylog/contracts';
import { fieldPlaces, fixesBetween, isAwayFrom, isManoeuvring, type AcsTrack } from './flight-track.ts';
import { evidence, formatWhole, largestDeviation, measurement, median, numbersBetween, plusMinus } from './measure.ts';

const tolerance = acsTolerances.emergencyDescent;

/** An emergency descent sinks faster than this (a trainer descending for the approach sinks at 500–1,000 fpm)… */
const emergencyDescentFpm = 1500;
/** …for at least this long, a few seconds slower between not ending it… */
const minDescentS = 20;
const descentGapS = 3;
/** …and then levels off: the altitude it holds is the median from 10 to 30 s after the descent ends. */
const heldFromS = 10;
const heldToS = 30;
/** Levelled off: sinking or climbing no faster than this once held. */
const levelMaxFpm = 500;

/**
 * PA.IX.A Emergency Descent: every descent faster than 1,500 fpm for 20 s, more than 3 NM from any field, that then
 * levels off, measured against FAA-S-ACS-6C's level-off at the specified altitude ±100 ft. Skylog is not told the
 * altitude specified, so it takes the one the aircraft then held (see `heldFromS`), and judges how far it went
 * through it or wandered from it. The descent's airspeed (±10 kt of the one the manufacturer recommends) needs the
 * aircraft's figures and is not judged.
 */
export function findEmergencyDescents(track: AcsTrack): AcsEvidence[] {
  const { time, verticalSpeedFpm, altitudeFt } = track.kinematics;
  const places = fieldPlaces(track);
  const spans: [number, number][] = [];
  verticalSpeedFpm.forEach((rate, index) => {
    if (rate === null || rate > -emergencyDescentFpm || !isManoeuvring(track, index) || !isAwayFrom(track.points[index]!, places)) return;
    const last = spans.at(-1);
    if (last !== undefined && time[index]! - time[last[1]]! <= descentGapS * 1000) last[1] = index;
    else spans.push([index, index]);
  });
  return spans.flatMap(([start, end]) => {
    if (time[end]! - time[start]! < minDescentS * 1000) return [];
    const [heldFirst, heldLast] = fixesBetween(time, time[end]! + heldFromS * 1000, time[end]! + heldToS * 1000);
    if (heldLast >= time.length || time[heldLast]! - time[end]! < heldToS * 1000 - 1000) return [];
    const holdingRates = numbersBetween(verticalSpeedFpm, heldFirst, heldLast);
    const held = median(numbersBetween(altitudeFt, heldFirst, heldLast));
    const from = altitudeFt[start];
    if (held === undefined || from === null || from === undefined || holdingRates.some((rate) => Math.abs(rate) > levelMaxFpm)) return [];
    // From the first fix at or below the altitude held (or the lowest, if it never got there) to the end of the hold.
    let reached = end;
    while (reached < heldLast && (altitudeFt[reached] ?? Infinity) > held) reached++;
    const levelOff = measurement(
      'Level-off, largest deviation from the altitude then held',
      largestDeviation(numbersBetween(altitudeFt, reached, heldLast).map((altitude) => altitude - held)),
      'ft',
      plusMinus(tolerance.levelOffFt, tolerance.levelOffFt, ' ft'),
      { min: -tolerance.levelOffFt, max: tolerance.levelOffFt },
    );
    const steepest = Math.min(...numbersBetween(verticalSpeedFpm, start, end));
    const offBy = formatWhole(Math.abs(levelOff.value));
    const levelText = levelOff.within
      ? `levelled off within ${offBy} ft of it`
      : `went ${offBy} ft ${levelOff.value < 0 ? 'below' : 'above'} it in the level-off`;
    const summary = `Emergency descent from ${formatWhole(from)} to ${formatWhole(held)} ft, ${formatWhole(-steepest)} fpm at its steepest: ${levelText}`;
    return [evidence(tolerance.task, time[start]!, time[heldLast]!, summary, [levelOff])];
  });
}
