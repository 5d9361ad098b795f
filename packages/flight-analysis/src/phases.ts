import { messages, type AircraftCategory, type FlightPhase, type Landing, type PhaseSegment, type TrackPoint } from '@skylog/contracts';
import { haversineMetres } from '@skylog/track-formats';
import { computeKinematics } from './track-kinematics.ts';

/** Fewer fixes than this are not a flight's track. */
const minTrackPoints = 10;
/**
 * How an aircraft of a category leaves and meets the ground, in ground speeds (knots).
 * - `rollStartKt`: the take-off roll (or launch, or transition from the hover) starts when the ground speed rises through this.
 * - `liftoffKt`: a take-off reaches this; a touch-and-go accelerates back through it.
 * - `stoppedKt`: the landing is a full stop once the ground speed falls below this on the ground. It is taxi speed,
 *   not "slower than flying": on a touch-and-go a C172 slows to 33–36 kt on the runway before the power comes in,
 *   while nobody taxis faster than about 20 kt (FAA Airplane Flying Handbook, ch. 2: taxi at the speed of a brisk
 *   walk, slower in turns). A stop-and-go stops, so it is a full stop and a new take-off, as a logbook counts it.
 * - `start`: `roll` takes off along the ground (its start is the take-off roll); `hover` lifts into a hover first
 *   (the ground part is hover taxi, and the take-off is the transition to forward flight, the landing the transition
 *   back to the hover); `launch` is towed or winched up and cannot go around or touch and go without an engine.
 * - `slowNeedsGround`: slowing down is a landing only near known ground (the launch field, an airport, the
 *   track's end, or a stop): a glider in wave or a balloon drifts slower over the ground than anyone taxis, and a
 *   helicopter, gyroplane, powered parachute or trike flying into the wind can too. Only airplanes fly too fast for
 *   that. A helicopter's hover out of ground effect away from any field still reads as a stop: without terrain
 *   heights a hover cannot be told from standing on the ground.
 */
type CategoryRules = {
  rollStartKt: number;
  liftoffKt: number;
  stoppedKt: number;
  start: 'roll' | 'hover' | 'launch';
  slowNeedsGround: boolean;
};

/** Airplanes rotate at 55–65 kt (trainers) and more; 30 kt is faster than anyone taxis. */
const airplaneRules: CategoryRules = { rollStartKt: 30, liftoffKt: 60, stoppedKt: 20, start: 'roll', slowNeedsGround: false };

/**
 * Rules per category. Airplane and glider rules are measured on real tracks (docs/analysis.md); the others take
 * the nearest rules with their own, lower flying speeds and are tested on synthetic tracks only.
 */
const categoryRules: Record<AircraftCategory, CategoryRules> = {
  airplane: airplaneRules,
  // Effective translational lift comes at 16–24 kt: faster than that the helicopter is flying, slower it hovers.
  helicopter: { rollStartKt: 15, liftoffKt: 30, stoppedKt: 10, start: 'hover', slowNeedsGround: true },
  powered_lift: { rollStartKt: 15, liftoffKt: 30, stoppedKt: 10, start: 'hover', slowNeedsGround: true },
  // An aerotow climbs at 55–75 kt, a winch launch at 50–60 kt; a glider lands at 40–50 kt and rolls to a stop.
  glider: { rollStartKt: 20, liftoffKt: 40, stoppedKt: 15, start: 'launch', slowNeedsGround: true },
  // A balloon lifts off with no roll and flies with the wind; treated like a launch with no ground speed to speak of.
  lighter_than_air: { rollStartKt: 3, liftoffKt: 5, stoppedKt: 2, start: 'launch', slowNeedsGround: true },
  // Gyroplanes, powered parachutes and trikes roll to take off, at about 30, 25 and 40 kt.
  gyroplane: { rollStartKt: 15, liftoffKt: 30, stoppedKt: 10, start: 'roll', slowNeedsGround: true },
  powered_parachute: { rollStartKt: 12, liftoffKt: 22, stoppedKt: 8, start: 'roll', slowNeedsGround: true },
  weight_shift_control: { rollStartKt: 20, liftoffKt: 35, stoppedKt: 15, start: 'roll', slowNeedsGround: true },
};

/** A hovering aircraft's take-off is looked for this far back (seconds) from where it passed roll speed. */
const hoverSearchS = 60;
/** A hovering aircraft is down once its altitude holds within 10 ft for this long (seconds). */
const steadyS = 10;
/** A slow-down ends a flight only this close to known ground: lower than any glider circuit, higher than GPS altitude error. */
const nearGroundFt = 100;
/** Slower than this for `stopS` with the altitude steady is standing on the ground, wherever that is (an outlanding). */
const stopKt = 3;
const stopS = 20;
/** Altitude change over a stop: standing still, GPS altitude wanders a few metres; a glider in wave climbs or sinks more. */
const stopMaxClimbFt = 30;
/** Within this of a field's elevation (and near it) the aircraft is on the ground: GPS altitude wanders a few feet on a runway. */
const groundHeightFt = 10;
/**
 * No lift-off below this share of the category's lift-off speed (48 kt for airplanes): a phone's GPS and barometric
 * altitude rise by metres during a full-power ground roll (the cabin's pressure drops), which is no climb.
 */
const minLiftoffShare = 0.8;
/** Contact (lift-off, touchdown) is refined to the fix this close to the field, so a flare is not cut short. */
const contactHeightFt = 3;
/** How far (seconds) the refinement may move a contact from where the aircraft left the ground band. */
const contactSearchS = 5;
/** An airborne stretch must reach this above the field; lower is a bounce or altitude noise. */
const airborneMinHeightFt = 50;
/** A runway's floor is the lowest altitude within this many seconds either side: the flare above it is not. */
const floorNeighbourhoodS = 30;
/** On a runway without power the aircraft slows by at least this over a roll's length; flying level it need not. */
const floorSlowingKt = 2;
/** Ground contact shorter than this between two airborne stretches is a bounce, not a touch-and-go. */
const minTouchAndGoRollS = 3;
/** A field's elevation holds within this distance of where the aircraft was on it: the longest runways fit, the next valley does not. */
export const fieldRadiusNm = 3;
/** A field's elevation is the mean altitude of the first seconds on its ground, averaging GPS noise. */
const fieldSampleS = 5;
/** After a lift-off the climb lasts while the altitude gains at a climb's rate over this many seconds: sparse or jittery fixes cannot cut it out. */
const initialClimbWindowS = 30;
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

/**
 * One end of a runway as the airport database has it (OurAirports' runway ends): where the pavement ends, its true
 * heading, and how far in the landing threshold is displaced (0 when it is not).
 */
export type RunwayEnd = { ident: string; latitude: number; longitude: number; headingDeg: number; displacedThresholdFt: number };
/** A runway and its two ends; a landing towards one end's heading starts at that end's threshold. */
export type KnownRunway = { lengthFt: number; widthFt: number; ends: [RunwayEnd, RunwayEnd] };

/**
 * An airport near the track (from the airport database): known ground where the track never touched down, and its
 * runways where the database has both their ends (touchdown points are measured along them).
 */
export type KnownField = { latitude: number; longitude: number; elevationFt: number; ident?: string; runways?: KnownRunway[] };

export type PhaseOptions = {
  /** The aircraft's category; null or absent uses airplane rules and says so in the limitations. */
  category?: AircraftCategory | null;
  /** Airports near the track: go-arounds and low approaches are measured against their elevation. */
  airports?: KnownField[];
};

export type PhaseResult = {
  phases: PhaseSegment[];
  /** Lift-off of each take-off (epoch ms), launches and touch-and-go lift-offs included. */
  takeoffs: { time: number }[];
  landings: Landing[];
  /** Lowest point of each go-around: time and altitude (feet above sea level). */
  goArounds: { time: number; altitudeFt: number }[];
  limitations: string[];
};

/** From the roll's first fix to the first one below taxi speed on the ground (exclusive), or to the end of the track. */
type Run = { start: number; stop: number; isStopped: boolean };
/** `holdsMs`: how long either side of `time` the elevation is a measure of the ground (always when absent). */
type Field = { elevationFt: number; latitude: number; longitude: number; time: number; holdsMs?: number };
type Track = {
  points: TrackPoint[];
  time: number[];
  speedKt: number[];
  altitudeFt: number[];
  verticalSpeedFpm: (number | null)[];
  labels: FlightPhase[];
  rules: CategoryRules;
  /** Airports of the database near the track; their `time` is NaN (no moment of the flight is theirs). */
  airports: Field[];
};

/**
 * ForeFlight-like phases of a track in time order, its take-offs, landings and go-arounds, by the rules of
 * the aircraft's category. Phases are contiguous and cover the track from its first fix to its last.
 */
export function detectPhases(points: TrackPoint[], options: PhaseOptions = {}): PhaseResult {
  const empty = { phases: [], takeoffs: [], landings: [], goArounds: [] };
  if (points.length === 0) return { ...empty, limitations: [messages.analysisNoTrack] };
  if (points.length < minTrackPoints) {
    const limitation = `The track has only ${points.length} points: phases, landings and approach stability need at least ${minTrackPoints}.`;
    return { ...empty, limitations: [limitation] };
  }
  const rules = categoryRules[options.category ?? 'airplane'];
  const kinematics = computeKinematics(points);
  const speedKt = kinematics.groundSpeedKt.map((speed) => speed ?? 0);
  const limitations: string[] = [];
  if (!options.category) limitations.push(messages.analysisNoCategory);
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
  const takeoffs: PhaseResult['takeoffs'] = [];
  const goArounds: PhaseResult['goArounds'] = [];
  const airports = (options.airports ?? []).map((airport) => ({ ...airport, time: Number.NaN }));
  const runs = findRuns(points, kinematics.time, speedKt, altitudeFt, rules, airports);
  if (altitudeFt === null) {
    for (const run of runs) labelRunBySpeed(run, speedKt, labels, rules);
  } else {
    const track: Track = {
      points,
      time: kinematics.time,
      speedKt,
      altitudeFt,
      verticalSpeedFpm: kinematics.verticalSpeedFpm,
      labels,
      rules,
      airports,
    };
    for (const run of runs) labelRun(run, track, takeoffs, landings, goArounds);
  }

  if (runs[0]?.start === 0 && speedKt[0]! >= rules.liftoffKt) limitations.push('The track starts in flight, so its take-off is not in it.');
  const lastRun = runs.at(-1);
  if (lastRun !== undefined && !lastRun.isStopped && !['landing', 'takeoff_roll'].includes(labels.at(-1)!)) {
    limitations.push('The track ends in flight, so its last landing is not in it.');
  }
  return { phases: toSegments(kinematics.time, labels), takeoffs, landings, goArounds, limitations };
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
 * The fast stretches of the track: from the take-off roll's start (ground speed rising through the roll speed
 * on its way to lift-off speed) to the first fix below taxi speed on the ground, with any flying and
 * touch-and-goes in between. Where the category can fly slower than taxi speed, a slow fix is on the ground
 * only near known ground (see `isKnownGround`).
 */
const findRuns = (
  points: TrackPoint[],
  time: number[],
  speedKt: number[],
  altitudeFt: number[] | null,
  rules: CategoryRules,
  airports: Field[],
): Run[] => {
  const grounds = rules.slowNeedsGround && altitudeFt !== null ? trackEndGrounds(points, time, speedKt, altitudeFt, rules) : [];
  const isGround = (index: number) =>
    !rules.slowNeedsGround ||
    altitudeFt === null ||
    isNear(points[index]!, altitudeFt[index]!, [...grounds, ...airports], nearGroundFt) ||
    isStopped(time, speedKt, altitudeFt, index);
  const runs: Run[] = [];
  let runStart = -1;
  let lastSlow = -1;
  let slowest = 0;
  speedKt.forEach((speed, index) => {
    if (runStart < 0) {
      if (speed >= rules.liftoffKt) {
        // The roll began after the last fix below roll speed; with sparse fixes (a jet's ADS-B track) that fix is
        // the only one left of it. No such fix since the last landing (a stop-and-go): where it was slowest.
        runStart = index === 0 ? 0 : lastSlow >= 0 ? lastSlow : slowest;
        const previousStop = runs.at(-1)?.stop ?? 0;
        if (rules.start === 'hover' && altitudeFt !== null)
          runStart = hoverLiftoff(time, altitudeFt, Math.max(runStart, previousStop), previousStop);
        return;
      }
      if (speed < rules.rollStartKt) lastSlow = index;
      if (speed < speedKt[slowest]!) slowest = index;
      return;
    }
    // A hovering aircraft slows down before it comes down: the landing is over once the altitude holds as well.
    const isDown = rules.start !== 'hover' || altitudeFt === null || isSteady(time, altitudeFt, index);
    if (speed < rules.stoppedKt && isDown && isGround(index)) {
      // A hovering aircraft's landing lasts until it has held still: the run takes in those seconds.
      runs.push({ start: runStart, stop: rules.start === 'hover' ? afterSteady(time, index) : index, isStopped: true });
      runStart = -1;
      lastSlow = index;
      slowest = index;
    }
  });
  if (runStart >= 0) runs.push({ start: runStart, stop: speedKt.length, isStopped: false });
  return runs;
};

/**
 * Where a hovering aircraft's take-off began: it lifts into the hover and climbs as it picks up speed, so the
 * fix where it passed the roll speed is already in the air. The lowest fix of the slow minute before is the ground.
 */
const hoverLiftoff = (time: number[], altitudeFt: number[], from: number, notBefore: number): number => {
  let lowest = from;
  for (let index = from - 1; index >= notBefore && time[from]! - time[index]! <= hoverSearchS * 1000; index--) {
    if (altitudeFt[index]! < altitudeFt[lowest]!) lowest = index;
  }
  return lowest;
};

/** Whether the altitude holds within a few feet over the next seconds: on the ground or in a hover. */
const isSteady = (time: number[], altitudeFt: number[], from: number): boolean => {
  for (let index = from + 1; index < altitudeFt.length && time[index]! - time[from]! <= steadyS * 1000; index++) {
    if (Math.abs(altitudeFt[index]! - altitudeFt[from]!) > groundHeightFt) return false;
  }
  return true;
};

/** The first fix `steadyS` after `from` (or the track's end). */
const afterSteady = (time: number[], from: number): number => {
  let index = from;
  while (index < time.length && time[index]! - time[from]! < steadyS * 1000) index++;
  return index;
};

/** Ground the track certainly stood on: where it starts and where it ends, when it is slow there. */
const trackEndGrounds = (points: TrackPoint[], time: number[], speedKt: number[], altitudeFt: number[], rules: CategoryRules): Field[] => {
  const grounds: Field[] = [];
  const at = (index: number): Field => ({ ...points[index]!, elevationFt: altitudeFt[index]!, time: time[index]! });
  if (speedKt[0]! < rules.rollStartKt) grounds.push(at(0));
  if (speedKt.at(-1)! < rules.rollStartKt) grounds.push(at(speedKt.length - 1));
  return grounds;
};

/** Whether the fix is within `bandFt` of a field's elevation and within reach of that field (distance only when needed: it is the costly part). */
const isNear = (point: TrackPoint, altitudeFt: number, fields: Field[], bandFt: number): boolean =>
  fields.some((field) => Math.abs(altitudeFt - field.elevationFt) <= bandFt && haversineMetres(point, field) <= fieldRadiusMetres);

/** Standing still from this fix on for `stopS`, the altitude steady: on the ground, known or not. */
const isStopped = (time: number[], speedKt: number[], altitudeFt: number[], from: number): boolean => {
  let low = altitudeFt[from]!;
  let high = low;
  for (let index = from; index < speedKt.length; index++) {
    if (speedKt[index]! >= stopKt) return false;
    low = Math.min(low, altitudeFt[index]!);
    high = Math.max(high, altitudeFt[index]!);
    if (high - low > stopMaxClimbFt) return false;
    if (time[index]! - time[from]! >= stopS * 1000) return true;
  }
  // Stopped until the track ends.
  return true;
};

/** Without altitudes: roll up to lift-off speed, "cruise" while above it, landing from the last fix above it. */
const labelRunBySpeed = (run: Run, speedKt: number[], labels: FlightPhase[], rules: CategoryRules) => {
  let firstFast = -1;
  let lastFast = -1;
  for (let index = run.start; index < run.stop; index++) {
    if (speedKt[index]! < rules.liftoffKt) continue;
    if (firstFast < 0) firstFast = index;
    lastFast = index;
  }
  fill(labels, run.start, firstFast, groundPhase(rules));
  fill(labels, firstFast, run.isStopped ? lastFast + 1 : run.stop, 'cruise');
  if (run.isStopped) fill(labels, lastFast + 1, run.stop, 'landing');
};

/** What the ground part before a lift-off is: a hover taxi is no take-off roll. */
const groundPhase = (rules: CategoryRules): FlightPhase => (rules.start === 'hover' ? 'taxi' : 'takeoff_roll');

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

/**
 * Whether the altitude is within `bandFt` of the ground under the point. GPS altitude drifts by tens of feet over
 * a flight, so of the fields read on the ground for good (where a run started or stopped) the one read nearest in
 * time measures it, and a runway floor only around its own time.
 */
const isOnGround = (point: TrackPoint, altitudeFt: number, fields: Field[], bandFt: number): boolean => {
  const isNear = (field: Field) => Math.abs(altitudeFt - field.elevationFt) <= bandFt;
  const inReach = (field: Field) => haversineMetres(point, field) <= fieldRadiusMetres;
  const age = (field: Field) => Math.abs(point.timestamp - field.time);
  let nearest: Field | undefined;
  for (const field of fields) {
    if (field.holdsMs !== undefined) {
      if (age(field) <= field.holdsMs && isNear(field) && inReach(field)) return true;
    } else if ((nearest === undefined || age(field) < age(nearest)) && inReach(field)) {
      nearest = field;
    }
  }
  return nearest !== undefined && isNear(nearest);
};

const isOnField = (track: Track, index: number, fields: Field[], bandFt: number): boolean =>
  isOnGround(track.points[index]!, track.altitudeFt[index]!, fields, bandFt);

/** Airborne stretches of a run as [lift-off, touchdown) fix indices; touchdown is `run.stop` when the track ends flying. */
const findAirborne = (run: Run, track: Track): { start: number; end: number }[] => {
  const isAirborneStart = run.start === 0 && track.speedKt[0]! >= track.rules.liftoffKt;
  // Known ground: where the roll started (mean of its first seconds) and where the landing roll ended.
  const fields: Field[] = [];
  if (!isAirborneStart) fields.push(fieldAt(track, run.start, run.stop));
  if (run.isStopped) {
    let from = run.stop - 1;
    while (from > run.start && track.time[run.stop - 1]! - track.time[from - 1]! <= fieldSampleS * 1000) from--;
    fields.push(fieldAt(track, from, run.stop));
  }
  fields.push(...runwayFloors(run, track, fields));
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

  // Without an engine there are no touch-and-goes: one launch, one landing, whatever the altitude did between.
  if (track.rules.start === 'launch' && stretches.length > 1)
    stretches.splice(0, stretches.length, { start: stretches[0]!.start, end: stretches.at(-1)!.end });

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
    // A rolling take-off is still on the ground while far slower than lift-off speed, whatever the altitude says.
    if (track.rules.start === 'roll' && liftoff > run.start) {
      while (liftoff < stretch.end - 1 && track.speedKt[liftoff]! < track.rules.liftoffKt * minLiftoffShare) liftoff++;
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

/**
 * Ground met where the run neither starts nor ends (a touch-and-go at another field): at a database airport, the
 * lowest altitude of a minute holding flat for a roll's length (within 10 ft for 3 s) while the ground speed
 * falls, as wheels on a runway do, no higher than 100 ft above the airport's elevation (GPS altitude is often that far off). The floor's
 * own altitude is then the field's elevation, so the touchdown is measured against what the receiver read there.
 */
const runwayFloors = (run: Run, track: Track, known: Field[]): Field[] => {
  const floors: Field[] = [];
  if (track.airports.length === 0) return floors;
  const around = floorNeighbourhoodS * 1000;
  let windowStart = run.start;
  let windowEnd = run.start;
  const lowest: number[] = [];
  for (let index = run.start; index < run.stop; index++) {
    // Lowest of the fixes within `around` either side (a sliding window).
    while (track.time[index]! - track.time[windowStart]! > around) windowStart++;
    while (windowEnd < run.stop && track.time[windowEnd]! - track.time[index]! <= around) windowEnd++;
    let min = Infinity;
    for (let other = windowStart; other < windowEnd; other++) min = Math.min(min, track.altitudeFt[other]!);
    lowest[index] = min;
  }
  for (let index = run.start; index < run.stop; index++) {
    const low = track.altitudeFt[index]!;
    if (low > lowest[index]!) continue;
    let start = index;
    let end = index + 1;
    while (start > run.start && Math.abs(track.altitudeFt[start - 1]! - low) <= groundHeightFt) start--;
    while (end < run.stop && Math.abs(track.altitudeFt[end]! - low) <= groundHeightFt) end++;
    index = end - 1;
    const last = end - 1;
    let slowest = track.speedKt[start]!;
    for (let fix = start; fix < end; fix++) slowest = Math.min(slowest, track.speedKt[fix]!);
    const isRoll = track.time[last]! - track.time[start]! >= minTouchAndGoRollS * 1000 && track.speedKt[start]! - slowest >= floorSlowingKt;
    const point = track.points[start]!;
    if (!isRoll || !isNear(point, low, track.airports, nearGroundFt) || isOnGround(point, low, [...known, ...floors], groundHeightFt))
      continue;
    let sum = 0;
    for (let fix = start; fix < end; fix++) sum += track.altitudeFt[fix]!;
    floors.push({
      elevationFt: sum / (end - start),
      latitude: point.latitude,
      longitude: point.longitude,
      time: point.timestamp,
      holdsMs: 2 * around,
    });
  }
  return floors;
};

/** Phases, landings and go-arounds of one run from altitudes. */
const labelRun = (run: Run, track: Track, takeoffs: PhaseResult['takeoffs'], landings: Landing[], goArounds: PhaseResult['goArounds']) => {
  const airborne = findAirborne(run, track);
  const first = airborne[0];
  const isAirborneStart = run.start === 0 && track.speedKt[0]! >= track.rules.liftoffKt;
  // Never airborne: a rejected take-off or a fast taxi (for a helicopter, a hover taxi).
  fill(track.labels, run.start, first?.start ?? run.stop, groundPhase(track.rules));
  airborne.forEach((air, index) => {
    const next = airborne[index + 1];
    const groundEnd = next?.start ?? run.stop;
    // An airborne start has no ground before it.
    const isLiftoff = index > 0 || !isAirborneStart;
    const liftoffField = isLiftoff ? fieldBefore(track, air.start, airborne[index - 1]?.end ?? run.start) : null;
    const touchdownField = air.end < run.stop ? fieldAt(track, air.end, groundEnd) : null;
    if (isLiftoff) takeoffs.push({ time: track.time[air.start]! });
    labelClimbCruiseDescent(track, air.start, air.end);
    if (isLiftoff) labelInitialClimb(track, air.start, air.end);
    let lowerBound = air.start;
    // Without an engine there is no climbing away from an approach: a glider's pull-up from a low pass trades speed for height.
    const goAroundsHere =
      track.rules.start === 'launch' ? [] : findGoArounds(track, air.start, air.end, liftoffField, touchdownField, ...track.airports);
    for (const goAround of goAroundsHere) {
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

/**
 * From a lift-off the aircraft climbs for as long as it gains at least 300 fpm over the next 30 s (or to the next
 * fix, where fixes are sparser): a departure always shows its climb, even when the rate is too uneven or the fixes
 * too few for the debounced phases.
 */
const labelInitialClimb = (track: Track, start: number, end: number) => {
  const last = Math.min(end, track.points.length) - 1;
  let index = start;
  let ahead = start;
  while (index < last) {
    while (ahead < last && track.time[ahead]! - track.time[index]! < initialClimbWindowS * 1000) ahead++;
    const to = Math.max(ahead, index + 1);
    const rateFpm = ((track.altitudeFt[to]! - track.altitudeFt[index]!) / (track.time[to]! - track.time[index]!)) * 60_000;
    if (rateFpm < climbFpm) break;
    index++;
  }
  fill(track.labels, start, index, 'climb');
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
 * 500 ft of a nearby field is a go-around or a low approach. The field is the lift-off's or the touchdown's,
 * whichever is nearer in time, or else the nearest airport of the database: a low approach at another field
 * never touches its ground, so only the database knows its elevation.
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
    // The flight's own fields first (nearest in time), then the airport database's (nearest in distance).
    const closeness = (field: Field) =>
      Number.isNaN(field.time) ? Number.MAX_SAFE_INTEGER / 2 + haversineMetres(point, field) : Math.abs(field.time - point.timestamp);
    const field = candidates
      .filter((candidate): candidate is Field => candidate !== null && haversineMetres(point, candidate) <= fieldRadiusMetres)
      .sort((a, b) => closeness(a) - closeness(b))[0];
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
