import { acsTolerances, type AcsEvidence, type Landing, type TrackPoint } from '@skylog/contracts';
import { bearingDegrees, earthRadiusMetres, haversineMetres } from '@skylog/track-formats';
import { fieldRadiusNm, floatFromFt, type KnownField, type KnownRunway, type RunwayEnd } from '../phases.ts';
import { indexAt, touchdownSinkFpm, touchdownSinkS } from '../stability.ts';
import { feetPerMetre } from '../track-kinematics.ts';
import type { AcsTrack } from './flight-track.ts';
import { angleDifference, evidence, formatWhole, measurement, median, numbersBetween } from './measure.ts';

const tolerance = acsTolerances.normalLanding;

/**
 * Where the specified point may be. FAA-S-ACS-6C PA.IV.B has the examiner (or instructor) specify it, and Skylog is not
 * told which. So the touchdown is judged against the most generous point a pilot could have been given on that
 * runway: anywhere from the landing threshold to the runway's aiming point, where ICAO Annex 14 (5.2.5, Table 5-1)
 * begins the aiming point marking by the landing distance available. A touchdown is within when some such point
 * has it 0 to 400 ft beyond: between the threshold and 400 ft past the aiming point. A landing short of the
 * threshold, or floated further, is outside whichever point was meant.
 */
const aimingPoints: readonly { ldaBelowM: number; aimM: number }[] = [
  { ldaBelowM: 800, aimM: 150 },
  { ldaBelowM: 1200, aimM: 250 },
  { ldaBelowM: 2400, aimM: 300 },
  { ldaBelowM: Infinity, aimM: 400 },
];
/** Below this landing distance available (ICAO code 1, under 2,625 ft) the runway is short, and the summary says so. */
const shortRunwayM = 800;
/** The landing's direction is the median track over this many seconds before touchdown: the end of the final. */
const finalTrackS = 10;
/** A runway is the one landed on when its direction is within this of the final's track (a crosswind crab included)… */
const runwayAlignmentDeg = 30;
/** …and the touchdown within this of its centreline: database runway ends and GPS fixes are tens of metres off at most. */
const maxCentrelineOffsetM = 75;
/** …and no further than this before the threshold (a touchdown short of it is measured, as negative). */
const maxBeforeThresholdM = 300;

/**
 * PA.IV.B Normal Approach and Landing, for every landing on a runway the airport data has: how far beyond the
 * specified point the aircraft touched down (ACS: 0 to 400 ft), with the float, the sink rate into the touchdown and,
 * where the fixes are precise enough, the offset from the centreline. Without the runway's ends the touchdown point
 * cannot be placed, and the landing has no evidence.
 *
 * The touchdown is the fix where the analysis put it: at 1 Hz a trainer covers about 90 ft between two fixes, so the
 * distance is good to about that.
 */
export function findLandingPoints(track: AcsTrack): AcsEvidence[] {
  const found: AcsEvidence[] = [];
  for (const landing of track.phases.landings) {
    const judged = judgeLanding(track, landing);
    if (judged !== null) found.push(judged);
  }
  return found;
}

/** Metres along and across a runway's centreline from its threshold (across: + right of it, facing the landing direction). */
function alongRunway(
  threshold: { latitude: number; longitude: number },
  directionDeg: number,
  point: { latitude: number; longitude: number },
) {
  // A flat plane around the threshold: over a runway's length the earth's curvature changes nothing measurable.
  const radians = Math.PI / 180;
  const east = (point.longitude - threshold.longitude) * radians * earthRadiusMetres * Math.cos(threshold.latitude * radians);
  const north = (point.latitude - threshold.latitude) * radians * earthRadiusMetres;
  const direction = directionDeg * radians;
  return {
    alongM: east * Math.sin(direction) + north * Math.cos(direction),
    acrossM: east * Math.cos(direction) - north * Math.sin(direction),
  };
}

type Placed = { field: KnownField; runway: KnownRunway; end: RunwayEnd; alongM: number; acrossM: number; ldaM: number };

/** The runway end the landing was towards, and where the touchdown lies from its threshold; null when none fits. */
function placeTouchdown(track: AcsTrack, landing: Landing, finalTrackDeg: number): Placed | null {
  let best: Placed | null = null;
  for (const field of track.airports) {
    if (field.runways === undefined || haversineMetres(field, landing) > fieldRadiusNm * 1852) continue;
    for (const runway of field.runways) {
      for (const [end, other] of [runway.ends, [runway.ends[1], runway.ends[0]] as const]) {
        const directionDeg = bearingDegrees(end, other);
        if (Math.abs(angleDifference(directionDeg, finalTrackDeg)) > runwayAlignmentDeg) continue;
        const displacedM = end.displacedThresholdFt / feetPerMetre;
        const { alongM, acrossM } = alongRunway(end, directionDeg, landing);
        // The data's length, or the distance between its ends where the length is missing.
        const lengthM = Math.max(runway.lengthFt / feetPerMetre, haversineMetres(end, other));
        const fromThresholdM = alongM - displacedM;
        if (Math.abs(acrossM) > maxCentrelineOffsetM || fromThresholdM < -maxBeforeThresholdM || alongM > lengthM) continue;
        if (best === null || Math.abs(acrossM) < Math.abs(best.acrossM)) {
          best = { field, runway, end, alongM: fromThresholdM, acrossM, ldaM: lengthM - displacedM };
        }
      }
    }
  }
  return best;
}

function judgeLanding(track: AcsTrack, landing: Landing): AcsEvidence | null {
  const { time, trackDeg } = track.kinematics;
  const touchdown = indexAt(time, landing.touchdown_time);
  const finalTrack = median(numbersBetween(trackDeg, indexAt(time, landing.touchdown_time - finalTrackS * 1000), touchdown - 1));
  if (finalTrack === undefined) return null;
  const placed = placeTouchdown(track, landing, ((finalTrack % 360) + 360) % 360);
  if (placed === null) return null;

  const aimM = aimingPoints.find((row) => placed.ldaM < row.ldaBelowM)!.aimM;
  const latestFt = Math.round(aimM * feetPerMetre) + tolerance.touchdownBeyondPointMaxFt;
  const past = measurement(
    'Touchdown past the landing threshold',
    placed.alongM * feetPerMetre,
    'ft',
    `0 to ${formatWhole(latestFt)} ft: ${formatWhole(tolerance.touchdownBeyondPointMaxFt)} ft beyond a point from the threshold to the aiming point`,
    { min: 0, max: latestFt },
  );
  const noun = landing.kind === 'touch_and_go' ? 'Touch-and-go' : 'Landing';
  const isShort = placed.ldaM < shortRunwayM;
  const where = placed.alongM < 0 ? 'before' : 'past';
  const parts = [
    `touched down ${formatWhole(Math.abs(placed.alongM) * feetPerMetre)} ft ${where} the threshold (the aiming point is ${formatWhole(aimM * feetPerMetre)} ft in by ICAO Annex 14 for ${formatWhole(placed.ldaM * feetPerMetre)} ft of landing distance${isShort ? ': a short runway' : ''}; the point the instructor specified is not known to Skylog)`,
  ];
  if (landing.float_s !== null) parts.push(`${landing.float_s} s from ${floatFromFt} ft to touchdown`);
  const sink = touchdownSinkFpm(track.kinematics, landing);
  if (sink !== null)
    parts.push(`sinking about ${formatWhole(Math.max(0, Math.round(sink / 10) * 10))} fpm over the last ${touchdownSinkS} s`);
  parts.push(centrelineText(track.points[touchdown], placed));
  const start = landing.touchdown_time - ((landing.float_s ?? 0) + touchdownSinkS) * 1000;
  const at = placed.field.ident === undefined ? '' : ` at ${placed.field.ident}`;
  return evidence(tolerance.task, start, landing.touchdown_time, `${noun} on runway ${placed.end.ident}${at}: ${parts.join('; ')}`, [past]);
}

/**
 * The offset from the centreline, when the fix is precise enough to tell it: its reported accuracy within half the
 * runway's width. A phone's or panel GPS's few metres can; tens of metres, or no accuracy at all, cannot. The
 * centreline is the airport data's, between its runway ends, which may be off by metres too: told, not judged.
 */
function centrelineText(fix: TrackPoint | undefined, placed: Placed): string {
  const halfWidthM = placed.runway.widthFt / feetPerMetre / 2;
  const accuracy = fix?.accuracy ?? null;
  if (accuracy === null || halfWidthM <= 0 || accuracy > halfWidthM) {
    return `the fixes${accuracy === null ? '' : ` (±${formatWhole(accuracy * feetPerMetre)} ft)`} cannot place it against the centreline`;
  }
  const offsetFt = Math.abs(placed.acrossM) * feetPerMetre;
  return `${formatWhole(offsetFt)} ft ${placed.acrossM > 0 ? 'right' : 'left'} of the airport data's centreline (fix ±${formatWhole(accuracy * feetPerMetre)} ft)`;
}
