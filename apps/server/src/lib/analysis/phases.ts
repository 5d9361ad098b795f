import { messages, type FlightPhase, type Landing, type PhaseSegment, type TrackPoint } from '@skylog/contracts';
import { haversineMetres } from '../track/geo.ts';
import { computeKinematics } from './track-kinematics.ts';

/** Fewer fixes than this are not a flight's track. */
const minTrackPoints = 10;
/** The take-off roll starts when the ground speed rises through this: faster than anyone taxis. */
const rollStartKt = 30;
/** A take-off needs this ground speed (trainers rotate at 55–65 kt); a touch-and-go accelerates back through it. */
const liftoffKt = 60;
/** Below this after a take-off the landing roll is over: trainers touch down near 50 kt. */
const landedKt = 40;
/** Slowing below 40 kt ends a landing only this close to the next ground altitude: slow flight into a headwind is no landing. */
const nearGroundFt = 100;
/** Within this of a field's elevation (and near it) the aircraft is on the ground: GPS altitude wanders a few feet on a runway. */
const groundHeightFt = 10;
/** Contact (lift-off, touchdown) is refined to the fix this close to the field, so a flare is not cut short. */
const contactHeightFt = 3;
/** How far (seconds) the refinement may move a contact from where the aircraft left the ground band. */
const contactSearchS = 5;
/** An airborne stretch must reach this above the field; lower is a bounce or altitude noise. */
const airborneMinHeightFt = 50;
/** Ground contact shorter than this between two airborne stretches is a bounce, not a touch-and-go. */
const minTouchAndGoRollS = 3;
/** A field's elevation holds within this distance of where the aircraft was on it: the longest runways fit, the next valley does not. */
export const fieldRadiusNm = 3;
/** A field's elevation is the mean altitude of the first seconds on its ground, averaging GPS noise. */
const fieldSampleS = 5;
/** Climbing faster than this is a climb. */
const climbFpm = 300;
/** Descending faster than this is a descent; in between is cruise. */
const descentFpm = -300;
/** Climb, cruise or descent shorter than this merges into its neighbours: levelling off for traffic is not a phase. */
const minSegmentS = 25;
/** The approach is the final descent, starting at most this high above the field of the next touchdown. */
const approachHeightFt = 1500;
/** A final shallower than a descent still belongs to the approach while sinking faster than this (a 3° path at 55 kt is 290 fpm). */
const approachMinSinkFpm = 100;
/** A go-around turns back below this height above a field (decision heights and pattern final legs are lower). */
const goAroundMaxHeightFt = 500;
/** A go-around climbs back at least this much (and descended as much before), more than any level-off wobble. */
const goAroundClimbFt = 300;
/** Float is timed from this height above the field (the landing-distance screen height); below it the flare changes sink and speed on purpose. */
export const floatFromFt = 50;
/** The landing's mean descent rate is measured from this height above the field. */
export const descentFromFt = 500;
/** A crossing between fixes further apart than this is not interpolated: the track is too sparse to time it. */
const maxCrossingGapS = 5;
/** With altitudes on fewer than this share of the points, phases come from ground speed only. */
const minAltitudeShare = 0.5;

const fieldRadiusMetres = fieldRadiusNm * 1852;

export type PhaseResult = {
  phases: PhaseSegment[];
  landings: Landing[];
  /** Lowest point of each go-around: time and altitude (feet above sea level). */
  goArounds: { time: number; altitudeFt: number }[];
  limitations: string[];
};

/** From the roll's first fix to the first one below 40 kt (exclusive), or to the end of the track. */
type Run = { start: number; stop: number; isStopped: boolean };
type Field = { elevationFt: number; latitude: number; longitude: number; time: number };
type Track = {
  points: TrackPoint[];
  time: number[];
  speedKt: number[];
  altitudeFt: number[];
  verticalSpeedFpm: (number | null)[];
  labels: FlightPhase[];
};

/**
 * ForeFlight-like phases of a track in time order, its landings and go-arounds. Phases are contiguous and
 * cover the track from its first fix to its last.
 */
export function detectPhases(points: TrackPoint[]): PhaseResult {
  if (points.length === 0) return { phases: [], landings: [], goArounds: [], limitations: [messages.analysisNoTrack] };
  if (points.length < minTrackPoints) {
    const limitation = `The track has only ${points.length} points: phases, landings and approach stability need at least ${minTrackPoints}.`;
    return { phases: [], landings: [], goArounds: [], limitations: [limitation] };
  }
  const kinematics = computeKinematics(points);
  const speedKt = kinematics.groundSpeedKt.map((speed) => speed ?? 0);
  const limitations: string[] = [];
  const withAltitude = kinematics.altitudeFt.filter((altitude) => altitude !== null).length;
  const altitudeFt = withAltitude >= points.length * minAltitudeShare ? interpolateGaps(kinematics.time, kinematics.altitudeFt) : null;
  if (altitudeFt === null) {
    limitations.push(
      `The track has no altitudes${withAltitude > 0 ? ` on most of its points (${points.length - withAltitude} of ${points.length})` : ''}: phases come from ground speed only, and climbs, descents, approaches, landings and go-arounds cannot be told.`,
    );
  } else if (withAltitude < points.length) {
    limitations.push(`${points.length - withAltitude} of ${points.length} points have no altitude: heights between them are interpolated.`);
  }

  const labels: FlightPhase[] = points.map(() => 'taxi');
  const landings: Landing[] = [];
  const goArounds: PhaseResult['goArounds'] = [];
  const runs = findRuns(speedKt, altitudeFt);
  if (altitudeFt === null) {
    for (const run of runs) labelRunBySpeed(run, speedKt, labels);
  } else {
    const track: Track = { points, time: kinematics.time, speedKt, altitudeFt, verticalSpeedFpm: kinematics.verticalSpeedFpm, labels };
    for (const run of runs) labelRun(run, track, landings, goArounds);
  }

  if (runs[0]?.start === 0 && speedKt[0]! >= liftoffKt) limitations.push('The track starts in flight, so its take-off is not in it.');
  const lastRun = runs.at(-1);
  if (lastRun !== undefined && !lastRun.isStopped && !['landing', 'takeoff_roll'].includes(labels.at(-1)!)) {
    limitations.push('The track ends in flight, so its last landing is not in it.');
  }
  return { phases: toSegments(kinematics.time, labels), landings, goArounds, limitations };
}

/** Altitudes with the gaps filled linearly in time (the ends held), for the few fixes that lack one. */
const interpolateGaps = (time: number[], altitudeFt: (number | null)[]): number[] => {
  const filled: number[] = [];
  let previous = -1;
  altitudeFt.forEach((altitude, index) => {
    if (altitude === null) return;
    for (let gap = previous + 1; gap < index; gap++) {
      const before = previous < 0 ? altitude : altitudeFt[previous]!;
      const share = previous < 0 ? 0 : (time[gap]! - time[previous]!) / (time[index]! - time[previous]!);
      filled[gap] = before + (altitude - before) * share;
    }
    filled[index] = altitude;
    previous = index;
  });
  for (let gap = previous + 1; gap < altitudeFt.length; gap++) filled[gap] = altitudeFt[previous]!;
  return filled;
};

/**
 * The fast stretches of the track: from the take-off roll's start (ground speed rising through 30 kt on its
 * way to 60 kt) to the first fix below 40 kt on the ground, with any flying and touch-and-goes in between.
 */
const findRuns = (speedKt: number[], altitudeFt: number[] | null): Run[] => {
  // The altitude of the next slow fix: a slow-down is on the ground only at that altitude.
  const nextGroundFt: (number | null)[] = [];
  let groundFt: number | null = null;
  for (let index = speedKt.length - 1; index >= 0; index--) {
    if (altitudeFt !== null && speedKt[index]! < rollStartKt) groundFt = altitudeFt[index]!;
    nextGroundFt[index] = groundFt;
  }
  const runs: Run[] = [];
  let runStart = -1;
  let lastSlow = -1;
  let slowest = 0;
  speedKt.forEach((speed, index) => {
    if (runStart < 0) {
      if (speed >= liftoffKt) {
        // No fix below 30 kt since the last landing (a stop-and-go): the roll starts where it was slowest.
        runStart = index === 0 ? 0 : lastSlow >= 0 ? lastSlow + 1 : slowest;
        return;
      }
      if (speed < rollStartKt) lastSlow = index;
      if (speed < speedKt[slowest]!) slowest = index;
      return;
    }
    const ground = nextGroundFt[index];
    const isNearGround =
      altitudeFt === null || ground === null || ground === undefined || Math.abs(altitudeFt[index]! - ground) <= nearGroundFt;
    if (speed < landedKt && isNearGround) {
      runs.push({ start: runStart, stop: index, isStopped: true });
      runStart = -1;
      lastSlow = speed < rollStartKt ? index : -1;
      slowest = index;
    }
  });
  if (runStart >= 0) runs.push({ start: runStart, stop: speedKt.length, isStopped: false });
  return runs;
};

/** Without altitudes: roll up to 60 kt, "cruise" while above it, landing from the last fix above it. */
const labelRunBySpeed = (run: Run, speedKt: number[], labels: FlightPhase[]) => {
  let firstFast = -1;
  let lastFast = -1;
  for (let index = run.start; index < run.stop; index++) {
    if (speedKt[index]! < liftoffKt) continue;
    if (firstFast < 0) firstFast = index;
    lastFast = index;
  }
  fill(labels, run.start, firstFast, 'takeoff_roll');
  fill(labels, firstFast, run.isStopped ? lastFast + 1 : run.stop, 'cruise');
  if (run.isStopped) fill(labels, lastFast + 1, run.stop, 'landing');
};

const fill = (labels: FlightPhase[], from: number, to: number, phase: FlightPhase) => {
  for (let index = Math.max(0, from); index < to; index++) labels[index] = phase;
};

/** The mean altitude over the first seconds from `from` (up to `to`, exclusive), and where that was. */
const fieldAt = (track: Track, from: number, to: number): Field => {
  let sum = 0;
  let count = 0;
  for (let index = from; index < to && track.time[index]! - track.time[from]! <= fieldSampleS * 1000; index++) {
    sum += track.altitudeFt[index]!;
    count++;
  }
  const point = track.points[from]!;
  return {
    elevationFt: count > 0 ? sum / count : track.altitudeFt[from]!,
    latitude: point.latitude,
    longitude: point.longitude,
    time: point.timestamp,
  };
};

/** Whether the fix is within `bandFt` of a field's elevation and within reach of that field (distance only when needed: it is the costly part). */
const isOnField = (track: Track, index: number, fields: Field[], bandFt: number): boolean =>
  fields.some(
    (field) =>
      Math.abs(track.altitudeFt[index]! - field.elevationFt) <= bandFt && haversineMetres(track.points[index]!, field) <= fieldRadiusMetres,
  );

/** Airborne stretches of a run as [lift-off, touchdown) fix indices; touchdown is `run.stop` when the track ends flying. */
const findAirborne = (run: Run, track: Track): { start: number; end: number }[] => {
  const isAirborneStart = run.start === 0 && track.speedKt[0]! >= liftoffKt;
  // Known ground: where the roll started (mean of its first seconds) and where the landing roll ended.
  const fields: Field[] = [];
  if (!isAirborneStart) fields.push(fieldAt(track, run.start, run.stop));
  if (run.isStopped) {
    let from = run.stop - 1;
    while (from > run.start && track.time[run.stop - 1]! - track.time[from - 1]! <= fieldSampleS * 1000) from--;
    fields.push(fieldAt(track, from, run.stop));
  }
  // How far from every field's elevation: an airborne stretch must get 50 ft clear of them all.
  const clearance = (index: number) => Math.min(...fields.map((field) => Math.abs(track.altitudeFt[index]! - field.elevationFt)));

  const stretches: { start: number; end: number }[] = [];
  let start = -1;
  let peak = 0;
  for (let index = run.start; index <= run.stop; index++) {
    const isGround = index === run.stop || isOnField(track, index, fields, groundHeightFt);
    if (!isGround) {
      if (start < 0) [start, peak] = [index, 0];
      peak = Math.max(peak, clearance(index));
      continue;
    }
    if (start < 0) continue;
    if (peak >= airborneMinHeightFt) {
      const previous = stretches.at(-1);
      const isBounce = previous !== undefined && track.time[start]! - track.time[previous.end]! < minTouchAndGoRollS * 1000;
      if (isBounce) previous.end = index;
      else stretches.push({ start, end: index });
    }
    start = -1;
  }

  // Contacts: the last fix within 3 ft of the field before lift-off, the first one after touchdown.
  const withinSearch = (from: number, to: number) => Math.abs(track.time[to]! - track.time[from]!) <= contactSearchS * 1000;
  return stretches.map((stretch) => {
    let liftoff = stretch.start === run.start ? run.start : stretch.start - 1;
    for (let index = liftoff; index >= run.start && withinSearch(index, stretch.start); index--) {
      if (isOnField(track, index, fields, contactHeightFt)) {
        liftoff = index;
        break;
      }
    }
    let touchdown = stretch.end;
    for (let index = stretch.end; index < run.stop && withinSearch(stretch.end, index); index++) {
      if (isOnField(track, index, fields, contactHeightFt)) {
        touchdown = index;
        break;
      }
    }
    return { start: liftoff, end: touchdown };
  });
};

/** Phases, landings and go-arounds of one run from altitudes. */
const labelRun = (run: Run, track: Track, landings: Landing[], goArounds: PhaseResult['goArounds']) => {
  const airborne = findAirborne(run, track);
  const first = airborne[0];
  // Never airborne: a rejected take-off or a fast taxi.
  fill(track.labels, run.start, first?.start ?? run.stop, 'takeoff_roll');
  airborne.forEach((air, index) => {
    const next = airborne[index + 1];
    const groundEnd = next?.start ?? run.stop;
    // An airborne start has no ground before it.
    const liftoffField = air.start === run.start ? null : fieldBefore(track, air.start, airborne[index - 1]?.end ?? run.start);
    const touchdownField = air.end < run.stop ? fieldAt(track, air.end, groundEnd) : null;
    labelClimbCruiseDescent(track, air.start, air.end);
    let lowerBound = air.start;
    for (const goAround of findGoArounds(track, air.start, air.end, liftoffField, touchdownField)) {
      fill(track.labels, approachStart(track, goAround.lowest, goAround.field.elevationFt, lowerBound), goAround.lowest, 'approach');
      let end = goAround.climbedBack;
      while (end < air.end && track.labels[end] === 'climb') end++;
      fill(track.labels, goAround.lowest, end, 'go_around');
      goArounds.push({ time: track.time[goAround.lowest]!, altitudeFt: Math.round(track.altitudeFt[goAround.lowest]!) });
      lowerBound = end;
    }
    if (touchdownField === null) return;
    fill(track.labels, approachStart(track, air.end, touchdownField.elevationFt, lowerBound), air.end, 'approach');
    const isTouchAndGo = next !== undefined;
    fill(track.labels, air.end, groundEnd, isTouchAndGo ? 'touch_and_go' : 'landing');
    landings.push(describeLanding(track, air.start, air.end, touchdownField.elevationFt, isTouchAndGo));
  });
};

/** The field the aircraft lifted off from: the mean of the last seconds on its ground before `liftoff`. */
const fieldBefore = (track: Track, liftoff: number, groundStart: number): Field => {
  let from = liftoff;
  while (from > groundStart && track.time[liftoff]! - track.time[from - 1]! <= fieldSampleS * 1000) from--;
  return { ...fieldAt(track, from, liftoff + 1), time: track.time[liftoff]! };
};

/**
 * Climb, cruise or descent by vertical speed, debounced: a new phase is taken only once it has lasted
 * `minSegmentS`, and then from where it began, so shorter wobbles stay in the phase around them.
 */
const labelClimbCruiseDescent = (track: Track, start: number, end: number) => {
  const rawPhase = (index: number): FlightPhase => {
    const rate = track.verticalSpeedFpm[index];
    if (rate === null || rate === undefined) return 'cruise';
    return rate > climbFpm ? 'climb' : rate < descentFpm ? 'descent' : 'cruise';
  };
  const minSegmentMs = minSegmentS * 1000;
  let current = rawPhase(start);
  let segmentStart = start;
  let candidate: FlightPhase | null = null;
  let candidateStart = start;
  for (let index = start; index < end; index++) {
    const phase = rawPhase(index);
    if (phase === current) {
      candidate = null;
      continue;
    }
    if (phase !== candidate) [candidate, candidateStart] = [phase, index];
    if (track.time[index]! - track.time[candidateStart]! < minSegmentMs) continue;
    // Too short a first phase (the seconds after lift-off while the rate builds) joins the next one.
    if (segmentStart !== start || track.time[candidateStart]! - track.time[start]! >= minSegmentMs) {
      fill(track.labels, segmentStart, candidateStart, current);
      segmentStart = candidateStart;
    }
    current = phase;
    candidate = null;
  }
  fill(track.labels, segmentStart, end, current);
};

/**
 * Turning points of the altitude at least 300 ft from the previous one (a zigzag): a low point within
 * 500 ft of a nearby field (the lift-off's or the touchdown's, whichever is nearer in time) is a go-around.
 */
const findGoArounds = (track: Track, start: number, end: number, ...candidates: (Field | null)[]) => {
  const found: { lowest: number; climbedBack: number; field: Field }[] = [];
  let isSeekingHigh = true;
  let extreme = start;
  for (let index = start; index < end; index++) {
    const altitude = track.altitudeFt[index]!;
    const extremeAltitude = track.altitudeFt[extreme]!;
    if (isSeekingHigh) {
      if (altitude > extremeAltitude) extreme = index;
      else if (altitude <= extremeAltitude - goAroundClimbFt) [isSeekingHigh, extreme] = [false, index];
      continue;
    }
    if (altitude < extremeAltitude) {
      extreme = index;
      continue;
    }
    if (altitude < extremeAltitude + goAroundClimbFt) continue;
    const lowest = extreme;
    const point = track.points[lowest]!;
    const field = candidates
      .filter((candidate): candidate is Field => candidate !== null && haversineMetres(point, candidate) <= fieldRadiusMetres)
      .sort((a, b) => Math.abs(a.time - point.timestamp) - Math.abs(b.time - point.timestamp))[0];
    const height = field === undefined ? Infinity : track.altitudeFt[lowest]! - field.elevationFt;
    if (field !== undefined && height > 0 && height <= goAroundMaxHeightFt) found.push({ lowest, climbedBack: index, field });
    [isSeekingHigh, extreme] = [true, index];
  }
  return found;
};

/**
 * Where the approach to `end` (a touchdown or a go-around's low point) begins: the start of the final
 * descent, but no higher than 1,500 ft above the field.
 */
const approachStart = (track: Track, end: number, fieldFt: number, lowerBound: number): number => {
  let belowApproachHeight = lowerBound;
  for (let index = end - 1; index >= lowerBound; index--) {
    if (track.altitudeFt[index]! - fieldFt >= approachHeightFt) {
      belowApproachHeight = index + 1;
      break;
    }
  }
  let start = end - 1;
  if (track.labels[start] === 'descent') {
    while (start > belowApproachHeight && track.labels[start - 1] === 'descent') start--;
    return start;
  }
  // A final too shallow to count as a descent: back from the flare for as long as the aircraft was sinking.
  while (start > belowApproachHeight && track.altitudeFt[start]! - fieldFt < floatFromFt) start--;
  while (start > belowApproachHeight && (track.verticalSpeedFpm[start - 1] ?? 0) < -approachMinSinkFpm) start--;
  return start;
};

/** When the track last came down through `heightFt` above the field before `end`, interpolated; null if it did not, or too sparsely. */
const crossingTime = (track: Track, start: number, end: number, fieldFt: number, heightFt: number): number | null => {
  for (let index = end - 1; index >= start; index--) {
    const above = track.altitudeFt[index]! - fieldFt;
    if (above < heightFt) continue;
    const next = index + 1;
    if (track.time[next]! - track.time[index]! > maxCrossingGapS * 1000) return null;
    const below = track.altitudeFt[next]! - fieldFt;
    const share = above === below ? 0 : (above - heightFt) / (above - below);
    return track.time[index]! + share * (track.time[next]! - track.time[index]!);
  }
  return null;
};

const describeLanding = (track: Track, liftoff: number, touchdown: number, fieldFt: number, isTouchAndGo: boolean): Landing => {
  const point = track.points[touchdown]!;
  const touchdownTime = track.time[touchdown]!;
  const floatFrom = crossingTime(track, liftoff, touchdown, fieldFt, floatFromFt);
  const descentFrom = crossingTime(track, liftoff, touchdown, fieldFt, descentFromFt);
  const descentFt = fieldFt + descentFromFt - track.altitudeFt[touchdown]!;
  return {
    kind: isTouchAndGo ? 'touch_and_go' : 'full_stop',
    touchdown_time: touchdownTime,
    latitude: point.latitude,
    longitude: point.longitude,
    ground_speed_kt: Math.round(track.speedKt[touchdown]! * 10) / 10,
    float_s: floatFrom === null ? null : Math.round((touchdownTime - floatFrom) / 100) / 10,
    descent_rate_fpm: descentFrom === null ? null : Math.round(descentFt / ((touchdownTime - descentFrom) / 60_000)),
    field_elevation_ft: Math.round(fieldFt),
  };
};

/** Runs of equal labels as contiguous segments, each ending where the next starts, the last at the last fix. */
const toSegments = (time: number[], labels: FlightPhase[]): PhaseSegment[] => {
  const segments: PhaseSegment[] = [];
  labels.forEach((phase, index) => {
    const last = segments.at(-1);
    if (last?.phase === phase) return;
    if (last !== undefined) last.end = time[index]!;
    segments.push({ phase, start: time[index]!, end: time[index]! });
  });
  segments.at(-1)!.end = time.at(-1)!;
  // A phase of no duration (a lone last fix) is no phase: its neighbours meet instead.
  return segments
    .filter((segment) => segment.end > segment.start)
    .reduce<PhaseSegment[]>((merged, segment) => {
      const last = merged.at(-1);
      if (last?.phase === segment.phase) last.end = segment.end;
      else merged.push(segment);
      return merged;
    }, []);
};
