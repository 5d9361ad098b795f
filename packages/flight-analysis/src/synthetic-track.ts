import type { TrackPoint } from '@skylog/contracts';
import { earthRadiusMetres } from '@skylog/track-formats';
import { feetPerMetre, gravityMps2, knotsPerMps } from './track-kinematics.ts';

/**
 * Made-up flights for tests and benchmarks: one fix a second from a small kinematic model, heights above
 * one field. Each segment runs a whole number of seconds, so it ends exactly on its target and the
 * times of its marks are exact.
 */

/** In the air the speed moves towards a segment's target by at most this each second: a trainer's gentle change. */
const airSpeedChangeKtPerS = 2;
/** Take-off acceleration and braking on the runway when a roll does not say. */
const defaultRollKtPerS = 3;

/** `speedKt` in the air is a target reached gradually; heights are above the field; turns are + right. */
export type SyntheticSegment = { mark?: string } & (
  | { kind: 'stop'; durationS: number }
  | { kind: 'taxi'; durationS: number; speedKt: number }
  /** On the runway, accelerating or braking to `toSpeedKt`. */
  | { kind: 'roll'; toSpeedKt: number; ktPerS?: number }
  | { kind: 'climb'; toHeightFt: number; fpm: number; speedKt?: number }
  /** Down to `toHeightFt` at `fpm`; to 0 is a touchdown. */
  | { kind: 'descend'; toHeightFt: number; fpm: number; speedKt?: number }
  | { kind: 'level'; durationS: number; speedKt?: number }
  | { kind: 'turn'; degrees: number; bankDeg: number; fpm?: number; speedKt?: number }
);

export type SyntheticOptions = {
  start?: number;
  latitude?: number;
  longitude?: number;
  headingDeg?: number;
  fieldElevationFt?: number;
  /** false: points carry no speed, as from a logger that records positions only. */
  hasSpeed?: boolean;
  /** false: points carry no altitude. */
  hasAltitude?: boolean;
  /** Uniform altitude error of up to ± this many feet, seeded. */
  altitudeNoiseFt?: number;
  seed?: number;
  /** Start in flight at this speed and height above the field instead of standing on it. */
  inFlight?: { speedKt: number; heightFt: number };
  /** A steady wind (from this direction, degrees true) that drifts the aircraft whenever it is off the ground; fixes then carry ground speed and track. */
  wind?: { fromDeg: number; speedKt: number };
};

export type SyntheticTrack = {
  points: TrackPoint[];
  /** Start and end (epoch ms) of each segment that has a mark. */
  marks: Record<string, { start: number; end: number }>;
};

type State = { time: number; latitude: number; longitude: number; headingDeg: number; speedKt: number; heightFt: number };

/** mulberry32: small, seeded, deterministic. */
const createRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export function buildSyntheticTrack(segments: SyntheticSegment[], options: SyntheticOptions = {}): SyntheticTrack {
  const fieldElevationFt = options.fieldElevationFt ?? 0;
  const hasSpeed = options.hasSpeed ?? true;
  const hasAltitude = options.hasAltitude ?? true;
  const noiseFt = options.altitudeNoiseFt ?? 0;
  const random = createRandom(options.seed ?? 1);
  const state: State = {
    time: options.start ?? Date.UTC(2026, 0, 15, 10),
    latitude: options.latitude ?? 47.4,
    longitude: options.longitude ?? 8.5,
    headingDeg: options.headingDeg ?? 0,
    speedKt: options.inFlight?.speedKt ?? 0,
    heightFt: options.inFlight?.heightFt ?? 0,
  };
  // The wind's velocity, metres per second east and north (it blows towards the opposite of where it comes from).
  const windFrom = ((options.wind?.fromDeg ?? 0) * Math.PI) / 180;
  const windMps = (options.wind?.speedKt ?? 0) / knotsPerMps;
  const wind = { east: -windMps * Math.sin(windFrom), north: -windMps * Math.cos(windFrom) };
  /** Velocity over the ground, metres per second: through the air along the heading, plus the wind when off the ground. */
  const groundVelocity = (speedKt: number, headingDeg: number, isAirborne: boolean) => {
    const radians = (headingDeg * Math.PI) / 180;
    const airMps = speedKt / knotsPerMps;
    return {
      east: airMps * Math.sin(radians) + (isAirborne ? wind.east : 0),
      north: airMps * Math.cos(radians) + (isAirborne ? wind.north : 0),
    };
  };
  const points: TrackPoint[] = [];
  const marks: SyntheticTrack['marks'] = {};
  const emit = () => {
    const ground = groundVelocity(state.speedKt, state.headingDeg, state.heightFt > 0);
    points.push({
      timestamp: state.time,
      latitude: state.latitude,
      longitude: state.longitude,
      altitude: hasAltitude ? (fieldElevationFt + state.heightFt + (noiseFt > 0 ? (random() * 2 - 1) * noiseFt : 0)) / feetPerMetre : null,
      accuracy: 5,
      heading:
        windMps === 0 ? ((state.headingDeg % 360) + 360) % 360 : ((Math.atan2(ground.east, ground.north) * 180) / Math.PI + 360) % 360,
      speed: hasSpeed ? (windMps === 0 ? state.speedKt / knotsPerMps : Math.hypot(ground.east, ground.north)) : null,
    });
  };
  /** One second: new speed and height as given, turning by `turnDeg`, moving at the mean speed (and with the wind aloft). */
  const step = (speedKt: number, heightFt: number, turnDeg: number) => {
    const moved = groundVelocity((state.speedKt + speedKt) / 2, state.headingDeg + turnDeg / 2, state.heightFt > 0 || heightFt > 0);
    state.latitude += (moved.north / earthRadiusMetres) * (180 / Math.PI);
    state.longitude += (moved.east / (earthRadiusMetres * Math.cos((state.latitude * Math.PI) / 180))) * (180 / Math.PI);
    state.headingDeg += turnDeg;
    state.speedKt = speedKt;
    state.heightFt = heightFt;
    state.time += 1000;
    emit();
  };
  const towards = (target: number | undefined) =>
    target === undefined
      ? state.speedKt
      : state.speedKt + Math.max(-airSpeedChangeKtPerS, Math.min(airSpeedChangeKtPerS, target - state.speedKt));

  emit();
  for (const segment of segments) {
    const start = state.time;
    switch (segment.kind) {
      case 'stop':
        for (let second = 0; second < segment.durationS; second++) step(0, 0, 0);
        break;
      case 'taxi':
        for (let second = 0; second < segment.durationS; second++) step(segment.speedKt, 0, 0);
        break;
      case 'roll': {
        const from = state.speedKt;
        const seconds = Math.max(1, Math.ceil(Math.abs(segment.toSpeedKt - from) / (segment.ktPerS ?? defaultRollKtPerS)));
        for (let second = 1; second <= seconds; second++) step(from + ((segment.toSpeedKt - from) * second) / seconds, 0, 0);
        break;
      }
      case 'climb':
      case 'descend': {
        const from = state.heightFt;
        const seconds = Math.max(1, Math.ceil(Math.abs(segment.toHeightFt - from) / (segment.fpm / 60)));
        for (let second = 1; second <= seconds; second++)
          step(towards(segment.speedKt), from + ((segment.toHeightFt - from) * second) / seconds, 0);
        break;
      }
      case 'level':
        for (let second = 0; second < segment.durationS; second++) step(towards(segment.speedKt), state.heightFt, 0);
        break;
      case 'turn': {
        const speedMps = (segment.speedKt ?? state.speedKt) / knotsPerMps;
        const rateDegS = ((gravityMps2 * Math.tan((segment.bankDeg * Math.PI) / 180)) / speedMps) * (180 / Math.PI);
        const seconds = Math.max(1, Math.ceil(Math.abs(segment.degrees) / rateDegS));
        const climbFtS = (segment.fpm ?? 0) / 60;
        for (let second = 0; second < seconds; second++) {
          step(towards(segment.speedKt), state.heightFt + climbFtS, segment.degrees / seconds);
        }
        break;
      }
    }
    if (segment.mark !== undefined) marks[segment.mark] = { start, end: state.time };
  }
  return { points, marks };
}

/**
 * One left-hand circuit from lift-off to touchdown: climb-out, crosswind, downwind at `heightFt`, a
 * descending base and final at `approachFpm`, and a flare from 50 ft lasting `floatS`. Marks are
 * prefixed with `prefix`.
 */
export function circuitSegments(
  prefix: string,
  options: { heightFt?: number; approachFpm?: number; floatS?: number } = {},
): SyntheticSegment[] {
  const heightFt = options.heightFt ?? 1000;
  const approachFpm = options.approachFpm ?? 500;
  const floatS = options.floatS ?? 6;
  return [
    { kind: 'climb', toHeightFt: heightFt, fpm: 700, speedKt: 70, mark: `${prefix}climb` },
    { kind: 'turn', degrees: -90, bankDeg: 20, speedKt: 80, mark: `${prefix}crosswind` },
    { kind: 'level', durationS: 30, speedKt: 90 },
    { kind: 'turn', degrees: -90, bankDeg: 20, mark: `${prefix}downwind-turn` },
    { kind: 'level', durationS: 90, mark: `${prefix}downwind` },
    { kind: 'turn', degrees: -90, bankDeg: 20, fpm: -approachFpm, speedKt: 75, mark: `${prefix}base` },
    { kind: 'turn', degrees: -90, bankDeg: 20, fpm: -approachFpm, speedKt: 65, mark: `${prefix}final-turn` },
    { kind: 'descend', toHeightFt: 50, fpm: approachFpm, mark: `${prefix}final` },
    { kind: 'descend', toHeightFt: 0, fpm: (50 * 60) / floatS, speedKt: 58, mark: `${prefix}flare` },
  ];
}

/** Taxi out 3 minutes at 10 kt, hold 30 s, and the take-off roll to 65 kt (marks: taxi-out, roll). */
export function departureSegments(): SyntheticSegment[] {
  return [
    { kind: 'taxi', durationS: 180, speedKt: 10, mark: 'taxi-out' },
    { kind: 'stop', durationS: 30 },
    { kind: 'roll', toSpeedKt: 65, mark: 'roll' },
  ];
}

/** Braking from touchdown to 10 kt and taxiing in for 2 minutes (marks: rollout, taxi-in). */
export function arrivalSegments(): SyntheticSegment[] {
  return [
    { kind: 'roll', toSpeedKt: 10, mark: 'rollout' },
    { kind: 'taxi', durationS: 120, speedKt: 10, mark: 'taxi-in' },
  ];
}

/**
 * A turn at exactly `bankDeg` at `speedKt` (no wind) through at least `minDegrees` (negative: left): a whole number of
 * seconds at that bank's own turn rate, so the turn is not spread over a rounded-up time at a shallower bank.
 */
export function exactBankTurn(
  minDegrees: number,
  bankDeg: number,
  speedKt: number,
  extra: { climbFt?: number; mark?: string } = {},
): SyntheticSegment {
  const rateDegS = ((gravityMps2 * Math.tan((bankDeg * Math.PI) / 180)) / (speedKt / knotsPerMps)) * (180 / Math.PI);
  const seconds = Math.ceil(Math.abs(minDegrees) / rateDegS);
  // A hair under the whole seconds' turn, so that the builder's own rounding up gives back the same seconds.
  const degrees = Math.sign(minDegrees) * rateDegS * seconds * (1 - 1e-12);
  const fpm = ((extra.climbFt ?? 0) * 60) / seconds;
  return { kind: 'turn', degrees, bankDeg, speedKt, fpm, ...(extra.mark === undefined ? {} : { mark: extra.mark }) };
}
