import { acsTolerances, type AcsEvidence, type AcsMeasurement } from '@skylog/contracts';
import { indexAt } from '../stability.ts';
import { fixesBetween, speedOver, type AcsTrack } from './flight-track.ts';
import { evidence, formatWhole, measurement, median, plusMinus, valuesBetween } from './measure.ts';

const tolerance = acsTolerances.goAround;

/** A go-around's climb is judged over this long after its lowest point: power, pitch and a positive rate come within it. */
const climbWindowS = 30;
/** Its climb speed is the median from this long after the lowest point… */
const climbSpeedFromS = 10;
/** …to this long after it: the established climb, not the pitch-up. */
const climbSpeedToS = 40;

/**
 * PA.IV.M Go-Around/Rejected Landing, for every go-around the phases found: that a climb was established (the rate
 * over the 30 s after the lowest point) and the climb speed against Vy +10/−5 kt. Skylog does not know the aircraft's
 * Vy, so it takes the speed of this flight's own take-off climbs over the same stretch after lift-off (a pilot climbs
 * out at Vy or near it); without a take-off in the track the speed is shown in the summary, not judged.
 */
export function findGoArounds(track: AcsTrack): AcsEvidence[] {
  const { time, altitudeFt } = track.kinematics;
  const speed = speedOver(track, 0, time.length - 1);
  const climbSpeed = (from: number) =>
    median(valuesBetween(speed.at, ...fixesBetween(time, from + climbSpeedFromS * 1000, from + climbSpeedToS * 1000)));
  const takeoffClimbs = track.phases.takeoffs.map(({ time: liftoff }) => climbSpeed(liftoff)).filter((value) => value !== undefined);
  const vy = median(takeoffClimbs);
  const speedName = speed.isAirspeed ? 'indicated airspeed' : 'ground speed, wind not removed';
  return track.phases.goArounds.flatMap(({ time: lowestTime, altitudeFt: lowestFt }) => {
    const lowest = indexAt(time, lowestTime);
    const after = indexAt(time, lowestTime + climbWindowS * 1000);
    const [from, to] = [altitudeFt[lowest], altitudeFt[Math.min(after, time.length - 1)]];
    if (from === null || from === undefined || to === null || to === undefined || after >= time.length) return [];
    const measurements: AcsMeasurement[] = [];
    const rate = measurement(
      `Rate of climb over the ${climbWindowS} s after the lowest point`,
      ((to - from) / (time[after]! - time[lowest]!)) * 60_000,
      'fpm',
      'a positive rate of climb',
      // Any climb at all once rounded to the 10 fpm it is shown to.
      { min: 1 },
    );
    measurements.push(rate);
    const held = climbSpeed(lowestTime);
    let speedText = '';
    if (held !== undefined && vy !== undefined) {
      measurements.push(
        measurement(
          `Climb speed (${speedName}) against Vy, taken as this flight's take-off climbs at ${formatWhole(vy)} kt`,
          held - vy,
          'kt',
          `Vy ${plusMinus(tolerance.airspeedPlusKt, tolerance.airspeedMinusKt, ' kt')}`,
          { min: -tolerance.airspeedMinusKt, max: tolerance.airspeedPlusKt },
        ),
      );
      speedText = `, at ${formatWhole(held)} kt ${speedName} (the take-off climbs: ${formatWhole(vy)} kt)`;
    } else if (held !== undefined) {
      speedText = `, at ${formatWhole(held)} kt ${speedName} (no take-off climb in the track to compare with)`;
    }
    const climbText = rate.within
      ? `climbing ${formatWhole(rate.value)} fpm over the next ${climbWindowS} s`
      : `no climb in the next ${climbWindowS} s`;
    const summary = `Go-around from ${formatWhole(lowestFt)} ft: ${climbText}${speedText}`;
    return [
      evidence(
        tolerance.task,
        lowestTime,
        time[Math.min(indexAt(time, lowestTime + climbSpeedToS * 1000), time.length - 1)]!,
        summary,
        measurements,
      ),
    ];
  });
}
