import { acsTolerances, type AcsEvidence, type AcsMeasurement } from '@skylog/contracts';
import { haversineMetres } from '@skylog/track-formats';
import { fieldRadiusNm } from '../phases.ts';
import { indexAt } from '../stability.ts';
import { fixesBetween, speedOver, type AcsTrack } from './flight-track.ts';
import {
  angleDifference,
  evidence,
  formatWhole,
  largestDeviation,
  measurement,
  median,
  numbersBetween,
  plusMinus,
  valuesBetween,
} from './measure.ts';

const tolerance = acsTolerances.trafficPattern;

/** The final's direction is the median track over this many seconds before the touchdown or the go-around's lowest point. */
const finalTrackS = 10;
/** The downwind is looked for this far back from the end of the approach: a wide circuit takes under five minutes. */
const circuitS = 360;
/** A downwind leg flies within this of the final's reciprocal… */
const downwindAlignmentDeg = 30;
/** …for at least this long, level (the phases say cruise), joined over gaps this short… */
const minDownwindS = 20;
const downwindGapS = 3;
/** …without the end of the climb to pattern altitude before it or the start of the descent after it (faster than this). */
const levelMaxFpm = 300;

/**
 * PA.III.B Traffic Patterns, for every landing and go-around flown from a downwind leg: the altitude held on its level
 * part within 100 ft. Skylog does not know each field's published pattern altitude (AIM 4-3-3 recommends 1,000 ft
 * above the field, but many fields publish another), so the altitude is judged against the one the pilot settled on
 * (the leg's median) and its height above the field is told, not judged. The ACS's airspeed ±10 kt is not judged: a
 * pilot slows down on downwind on purpose (power back abeam the touchdown point, flaps), and Skylog cannot tell that
 * from a deviation; the speed flown is told.
 */
export function findTrafficPatterns(track: AcsTrack): AcsEvidence[] {
  const { landings, goArounds } = track.phases;
  const ends = [
    ...landings.map((landing) => ({
      time: landing.touchdown_time,
      place: landing,
      fieldFt: landing.field_elevation_ft,
      what: landing.kind === 'touch_and_go' ? 'touch-and-go' : 'landing',
    })),
    ...goArounds.map((goAround) => {
      const place = track.points[indexAt(track.kinematics.time, goAround.time)]!;
      const near = [...track.airports].sort((a, b) => haversineMetres(a, place) - haversineMetres(b, place))[0];
      const fieldFt = near !== undefined && haversineMetres(near, place) <= fieldRadiusNm * 1852 ? near.elevationFt : null;
      return { time: goAround.time, place, fieldFt, what: 'go-around' };
    }),
  ];
  return ends.flatMap((end) => {
    const judged = judgeDownwind(track, end);
    return judged === null ? [] : [judged];
  });
}

function judgeDownwind(
  track: AcsTrack,
  end: { time: number; place: { latitude: number; longitude: number }; fieldFt: number | null; what: string },
): AcsEvidence | null {
  const { time, trackDeg, altitudeFt } = track.kinematics;
  const endIndex = indexAt(time, end.time);
  const finalTrack = median(numbersBetween(trackDeg, indexAt(time, end.time - finalTrackS * 1000), endIndex - 1));
  if (finalTrack === undefined) return null;
  // Back to the circuit's start, but never past the take-off it began with.
  const previousTakeoff = track.phases.takeoffs.filter((takeoff) => takeoff.time < end.time).at(-1)?.time ?? -Infinity;
  const [from] = fixesBetween(time, Math.max(previousTakeoff, end.time - circuitS * 1000), end.time);
  let best: [number, number] | null = null;
  let run: [number, number] | null = null;
  for (let index = from; index < endIndex; index++) {
    const course = trackDeg[index];
    const isDownwind =
      course !== null &&
      course !== undefined &&
      track.phaseOf[index] === 'cruise' &&
      Math.abs(angleDifference(course, finalTrack + 180)) <= downwindAlignmentDeg &&
      haversineMetres(track.points[index]!, end.place) <= fieldRadiusNm * 1852;
    if (!isDownwind) continue;
    if (run !== null && time[index]! - time[run[1]]! <= downwindGapS * 1000) run[1] = index;
    else run = [index, index];
    if (best === null || time[run[1]]! - time[run[0]]! > time[best[1]]! - time[best[0]]!) best = [run[0], run[1]];
  }
  if (best === null) return null;
  let [first, last] = best;
  const isClimbingOrSinking = (index: number) => Math.abs(track.kinematics.verticalSpeedFpm[index] ?? 0) > levelMaxFpm;
  while (first < last && isClimbingOrSinking(first)) first++;
  while (last > first && isClimbingOrSinking(last)) last--;
  if (time[last]! - time[first]! < minDownwindS * 1000) return null;

  const measurements: AcsMeasurement[] = [];
  const phrases: string[] = [];
  const altitudes = numbersBetween(altitudeFt, first, last);
  const held = median(altitudes);
  if (held !== undefined) {
    const altitude = measurement(
      'Downwind altitude, largest deviation from the altitude held (its median)',
      largestDeviation(altitudes.map((value) => value - held)),
      'ft',
      plusMinus(tolerance.altitudeFt, tolerance.altitudeFt, ' ft'),
      { min: -tolerance.altitudeFt, max: tolerance.altitudeFt },
    );
    measurements.push(altitude);
    const above = end.fieldFt === null ? '' : ` (${formatWhole(held - end.fieldFt)} ft above the field)`;
    const off = formatWhole(Math.abs(altitude.value));
    phrases.push(
      `at ${formatWhole(held)} ft${above}, ${altitude.within ? `held within ${off} ft` : `straying ${off} ft ${altitude.value > 0 ? 'above' : 'below'} it`}`,
    );
  }
  if (measurements.length === 0) return null;
  const speed = speedOver(track, first, last);
  const speeds = valuesBetween(speed.at, first, last);
  if (speeds.length > 0) {
    phrases.push(
      `${speed.isAirspeed ? 'indicated airspeed' : 'ground speed'} ${formatWhole(Math.min(...speeds))}–${formatWhole(Math.max(...speeds))} kt`,
    );
  }
  return evidence(tolerance.task, time[first]!, time[last]!, `Downwind before the ${end.what}: ${phrases.join(', ')}`, measurements);
}
