import { units } from '@skylog/contracts';

/**
 * A simple kinematic model of a light aircraft: a flight plan of legs (taxi, take-off, fly to a
 * waypoint, turn, land…) is flown by rate-limited controllers into 1 Hz fixes. Legs speak in
 * aviation units (feet, knots, ft/min); the fixes are in metres, m/s and degrees true.
 */

export type LatLon = { lat: number; lon: number };

export type Runway = { name: string; threshold: LatLon; headingDeg: number; lengthM: number; elevationM: number };

/** Optional on every airborne leg: limits a student would fly with, and the engine speed heard. */
type Handling = { climbFpm?: number; descentFpm?: number; turnRateDps?: number; accelerationMps2?: number; rpm?: number };

export type Leg =
  | { kind: 'hold'; seconds: number; rpm?: number }
  | { kind: 'taxi'; via: readonly LatLon[]; speedKt?: number }
  /** Roll (from whatever speed we have), lift off at rotateKt, climb on the centreline until alongM past the threshold. */
  | { kind: 'takeoff'; runway: Runway; rotateKt: number; climbKt: number; untilAlongM: number; climbFpm?: number }
  /** Direct to a waypoint, then hold the course line to it; ends abeam the waypoint. */
  | ({ kind: 'fly'; to: LatLon; altitudeFt: number; speedKt: number } & Handling)
  | ({ kind: 'heading'; headingDeg: number; seconds: number; altitudeFt: number; speedKt: number } & Handling)
  /** A level turn of `degrees` (negative: left) at a constant bank angle. */
  | ({ kind: 'turn'; degrees: number; bankDeg: number; altitudeFt: number; speedKt: number } & Handling)
  /**
   * Final approach on a constant angle from where the leg starts, flare, touchdown. Then roll for
   * rollSeconds (touch-and-go: a take-off leg follows) or brake to taxi speed; goAroundFt ends it in the air.
   */
  | {
      kind: 'land';
      runway: Runway;
      touchdownKt: number;
      rollSeconds?: number;
      goAroundFt?: number;
      /** Flared too high and dropped it: the airplane pops back up about this much. */
      bounceM?: number;
      /** Held off while too fast: seconds of float a foot above the runway. */
      floatSeconds?: number;
      /**
       * High on final and dived at the runway: sinks sinkFpm, speeding up to speedKt, down to untilFt above
       * the field, where the pilot fixes it and flies a new constant angle from there.
       */
      dive?: { sinkFpm: number; speedKt: number; untilFt: number };
    };

export type Fix = { t: number; lat: number; lon: number; altitudeM: number; speedMps: number; headingDeg: number; rpm: number };

/** When each leg started and ended (seconds), and for landings the first touch of the wheels. */
export type LegSpan = { start: number; end: number; touchdown?: number };

export type Simulation = { fixes: Fix[]; legSpans: LegSpan[] };

export type Start = { position: LatLon; headingDeg: number; elevationM: number };

const earthRadiusM = 6_371_000;
const gravity = 9.81;
const stepSeconds = 0.25;
const taxiTurnAccelDps2 = 30;
const airTurnAccelDps2 = 6;
const fpmToMps = 1 / (units.feetPerMetre * 60);

const knots = (kt: number) => kt / units.knotsPerMetrePerSecond;
const feet = (ft: number) => ft / units.feetPerMetre;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const normalize = (heading: number) => ((heading % 360) + 360) % 360;
/** Signed difference to - from in (-180, 180]. */
const headingDiff = (from: number, to: number) => {
  const diff = normalize(to - from);
  return diff > 180 ? diff - 360 : diff;
};

export function move(from: LatLon, bearingDeg: number, distanceM: number): LatLon {
  const delta = distanceM / earthRadiusM;
  const bearing = rad(bearingDeg);
  const lat1 = rad(from.lat);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(delta) + Math.cos(lat1) * Math.sin(delta) * Math.cos(bearing));
  const lon2 =
    rad(from.lon) + Math.atan2(Math.sin(bearing) * Math.sin(delta) * Math.cos(lat1), Math.cos(delta) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: deg(lat2), lon: deg(lon2) };
}

function distanceM(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusM * Math.asin(Math.sqrt(h));
}

function bearingDeg(a: LatLon, b: LatLon): number {
  const dLon = rad(b.lon - a.lon);
  const y = Math.sin(dLon) * Math.cos(rad(b.lat));
  const x = Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) - Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(dLon);
  return normalize(deg(Math.atan2(y, x)));
}

/** A point in a runway's frame: alongM past the threshold on the centreline, rightM to its right. */
export function onRunway(runway: Runway, alongM: number, rightM = 0): LatLon {
  return move(move(runway.threshold, runway.headingDeg, alongM), runway.headingDeg + 90, rightM);
}

/** Where `position` lies relative to the line from `origin` on `courseDeg`: along it and to its right. */
function lineOffsets(origin: LatLon, courseDeg: number, position: LatLon) {
  const d = distanceM(origin, position);
  const angle = rad(bearingDeg(origin, position) - courseDeg);
  return { along: d * Math.cos(angle), right: d * Math.sin(angle) };
}

type State = {
  position: LatLon;
  altitudeM: number;
  verticalMps: number;
  speedMps: number;
  headingDeg: number;
  turnRateDps: number;
  isOnGround: boolean;
  elevationM: number;
};

type Command = { turnRateDps: number; verticalMps: number; accelerationMps2: number; rpm: number; isDone: boolean };

/** A turn rate that reaches `target` without overshoot, given how fast the pilot can roll out. */
function turnToward(current: number, target: number, maxRateDps: number, rollAccelDps2: number): number {
  const diff = headingDiff(current, target);
  const rate = Math.min(maxRateDps, Math.sqrt(1.6 * rollAccelDps2 * Math.abs(diff)), 1.5 * Math.abs(diff));
  return Math.sign(diff) * rate;
}

/**
 * Intercept and hold a course line: cut towards it at the angle from which a turn of `radiusM`
 * rolls out on it (a pilot leading the turn), never more than `maxCutDeg`.
 */
function courseHeading(courseDeg: number, rightOfLineM: number, radiusM: number, maxCutDeg: number): number {
  const arcCut = deg(Math.acos(Math.max(-1, 1 - Math.abs(rightOfLineM) / Math.max(radiusM, 1))));
  return normalize(courseDeg - Math.sign(rightOfLineM) * Math.min(0.9 * arcCut, maxCutDeg));
}

/** The radius of a turn at `rateDps` and the current speed. */
const turnRadius = (state: State, rateDps: number) => state.speedMps / rad(rateDps);

function holdAltitude(state: State, targetM: number, handling: Handling): number {
  const climb = (handling.climbFpm ?? 650) * fpmToMps;
  const descent = (handling.descentFpm ?? 500) * fpmToMps;
  return clamp((targetM - state.altitudeM) * 0.08, -descent, climb);
}

function holdSpeed(state: State, targetMps: number, handling: Handling): number {
  const limit = handling.accelerationMps2 ?? 0.6;
  return clamp((targetMps - state.speedMps) * 0.15, -limit, limit);
}

/** Cruise power by default, more in a climb and less in a descent. */
function airborneRpm(state: State, handling: Handling): number {
  return handling.rpm ?? Math.round(2350 + clamp(state.verticalMps / 3.5, -1, 1) * 250);
}

type Controller = (state: State, elapsed: number) => Command;

/** The course of the leg after a fly leg, so the turn onto it can start early (a fly-by waypoint). */
function nextCourse(leg: Leg & { kind: 'fly' }, next: Leg | undefined): number | undefined {
  if (next?.kind === 'fly') return bearingDeg(leg.to, next.to);
  if (next?.kind === 'land') return next.runway.headingDeg;
  return undefined;
}

/** `previousWaypoint`: where the last fly leg was going, so this leg's course line starts there and not where its turn began. */
function controllerFor(leg: Leg, start: State, next: Leg | undefined, previousWaypoint: LatLon | undefined): Controller {
  switch (leg.kind) {
    case 'hold':
      return (state, elapsed) => ({
        turnRateDps: 0,
        verticalMps: 0,
        accelerationMps2: -Math.min(1, state.speedMps),
        rpm: leg.rpm ?? 1000,
        isDone: elapsed >= leg.seconds,
      });
    case 'taxi': {
      const speed = knots(leg.speedKt ?? 10);
      let next = 0;
      return (state) => {
        let target = leg.via[next]!;
        // A waypoint counts as passed within 12 m; the nose then swings to the next one.
        while (next < leg.via.length - 1 && distanceM(state.position, target) < 12) target = leg.via[++next]!;
        const remaining = leg.via
          .slice(next)
          .reduce(
            (sum, point, index, rest) => sum + (index === 0 ? distanceM(state.position, point) : distanceM(rest[index - 1]!, point)),
            0,
          );
        const isLast = next === leg.via.length - 1;
        const isDone = isLast && (remaining < 2 || (state.speedMps < 0.3 && remaining < 6));
        // Slow for the corners so the turn radius stays inside the taxiway.
        const cornerLimit = isLast ? speed : 2.5 + 0.1 * distanceM(state.position, target);
        const wanted = isDone ? 0 : Math.min(speed, cornerLimit, Math.sqrt(2 * 0.4 * remaining) + 0.3);
        return {
          turnRateDps: turnToward(state.headingDeg, bearingDeg(state.position, target), 15, taxiTurnAccelDps2),
          verticalMps: 0,
          accelerationMps2: clamp(wanted - state.speedMps, -1, 0.5),
          rpm: 1100,
          isDone,
        };
      };
    }
    case 'takeoff': {
      const { runway } = leg;
      return (state) => {
        const offsets = lineOffsets(runway.threshold, runway.headingDeg, state.position);
        const isRolling = state.isOnGround && state.speedMps < knots(leg.rotateKt);
        return {
          turnRateDps: turnToward(
            state.headingDeg,
            courseHeading(runway.headingDeg, offsets.right, turnRadius(state, 4), 10),
            4,
            airTurnAccelDps2,
          ),
          verticalMps: isRolling ? 0 : (leg.climbFpm ?? 650) * fpmToMps,
          accelerationMps2: isRolling ? 1.9 : clamp((knots(leg.climbKt) - state.speedMps) * 0.15, -0.4, 0.8),
          rpm: 2550,
          isDone: offsets.along >= leg.untilAlongM,
        };
      };
    }
    case 'fly': {
      const origin = previousWaypoint ?? start.position;
      const course = bearingDeg(origin, leg.to);
      const length = distanceM(origin, leg.to);
      const turnRate = leg.turnRateDps ?? 3;
      const following = nextCourse(leg, next);
      const turnAngle = following === undefined ? 0 : Math.min(Math.abs(headingDiff(course, following)), 150);
      return (state) => {
        const offsets = lineOffsets(origin, course, state.position);
        const lead = (state.speedMps / rad(turnRate)) * Math.tan(rad(turnAngle) / 2);
        return {
          turnRateDps: turnToward(
            state.headingDeg,
            courseHeading(course, offsets.right, turnRadius(state, turnRate), 30),
            turnRate,
            airTurnAccelDps2,
          ),
          verticalMps: holdAltitude(state, feet(leg.altitudeFt), leg),
          accelerationMps2: holdSpeed(state, knots(leg.speedKt), leg),
          rpm: airborneRpm(state, leg),
          isDone: offsets.along >= length - lead,
        };
      };
    }
    case 'heading':
      return (state, elapsed) => ({
        turnRateDps: turnToward(state.headingDeg, leg.headingDeg, leg.turnRateDps ?? 3, airTurnAccelDps2),
        verticalMps: holdAltitude(state, feet(leg.altitudeFt), leg),
        accelerationMps2: holdSpeed(state, knots(leg.speedKt), leg),
        rpm: airborneRpm(state, leg),
        isDone: elapsed >= leg.seconds,
      });
    case 'turn': {
      let turned = 0;
      let previous = start.headingDeg;
      return (state) => {
        turned += Math.abs(headingDiff(previous, state.headingDeg));
        previous = state.headingDeg;
        const remaining = Math.abs(leg.degrees) - turned;
        const bankRate = deg((gravity * Math.tan(rad(leg.bankDeg))) / Math.max(state.speedMps, 20));
        const rate = Math.min(bankRate, Math.sqrt(1.6 * airTurnAccelDps2 * Math.max(remaining, 0)));
        return {
          turnRateDps: Math.sign(leg.degrees) * rate,
          verticalMps: holdAltitude(state, feet(leg.altitudeFt), leg),
          accelerationMps2: holdSpeed(state, knots(leg.speedKt), leg),
          rpm: airborneRpm(state, leg),
          isDone: remaining <= 0.5,
        };
      };
    }
    case 'land': {
      const { runway } = leg;
      const aimAlong = clamp(runway.lengthM * 0.08, 60, 300);
      const startOffsets = lineOffsets(runway.threshold, runway.headingDeg, start.position);
      let startDistance = Math.max(aimAlong - startOffsets.along, 200);
      let glideTan = Math.max(start.altitudeM - runway.elevationM, 5) / startDistance;
      const approachSpeed = start.speedMps;
      let bounce = leg.bounceM ?? 0;
      let float = leg.floatSeconds ?? 0;
      let dive = leg.dive;
      let recoveryTan: number | undefined;
      let touchdownAt: number | undefined;
      return (state, elapsed) => {
        const offsets = lineOffsets(runway.threshold, runway.headingDeg, state.position);
        const toAim = aimAlong - offsets.along;
        const heading = turnToward(
          state.headingDeg,
          courseHeading(runway.headingDeg, offsets.right, turnRadius(state, 5), 90),
          5,
          airTurnAccelDps2,
        );
        if (state.isOnGround) {
          touchdownAt ??= elapsed;
          const isTouchAndGo = leg.rollSeconds !== undefined;
          return {
            turnRateDps: heading,
            verticalMps: 0,
            accelerationMps2: isTouchAndGo ? -0.8 : -1.6,
            rpm: 1000,
            isDone: isTouchAndGo ? elapsed - touchdownAt >= (leg.rollSeconds ?? 0) : state.speedMps <= knots(12),
          };
        }
        const height = state.altitudeM - runway.elevationM;
        if (dive) {
          const flyDive = (verticalMps: number, speedMps: number): Command => ({
            turnRateDps: heading,
            verticalMps,
            accelerationMps2: holdSpeed(state, speedMps, { accelerationMps2: 0.5 }),
            rpm: 1700,
            isDone: false,
          });
          if (recoveryTan === undefined && height > feet(dive.untilFt)) return flyDive(-dive.sinkFpm * fpmToMps, knots(dive.speedKt));
          // Fixing it: the sink eases back to the slope from where the dive ended to the aim point, and the
          // glide path (and the speed schedule) starts from wherever that leaves the aircraft.
          recoveryTan ??= height / Math.max(toAim, 200);
          const sink = -state.speedMps * recoveryTan;
          if (Math.abs(state.verticalMps - sink) > 0.2) return flyDive(sink, approachSpeed);
          dive = undefined;
          startDistance = Math.max(toAim, 200);
          glideTan = height / startDistance;
        }
        if (bounce > 0 && height < 0.3) {
          // The model's one impulse: a vertical speed that carries the airplane back up `bounce` metres.
          state.verticalMps = Math.sqrt(2 * 0.8 * bounce);
          bounce = 0;
        }
        let sink = clamp(Math.max(0, toAim - state.speedMps) * glideTan - height, -5, 1);
        if (height < 8) sink = -Math.max(0.5, height * 0.3);
        if (height < 0.5 && float > 0) {
          sink = -0.02;
          float -= stepSeconds;
        }
        const touchdownSpeed = knots(leg.touchdownKt);
        return {
          turnRateDps: heading,
          verticalMps: sink,
          accelerationMps2: holdSpeed(state, touchdownSpeed + (approachSpeed - touchdownSpeed) * clamp(toAim / startDistance, 0, 1), {
            accelerationMps2: 0.5,
          }),
          rpm: height < 15 ? 1000 : 1700,
          isDone: leg.goAroundFt !== undefined && height < feet(leg.goAroundFt),
        };
      };
    }
  }
}

/** Small, slow wander (an Ornstein–Uhlenbeck process): turbulence and a student's hand on the yoke. */
function wander(random: () => number, sigma: number, tauSeconds: number) {
  let value = 0;
  const keep = Math.exp(-stepSeconds / tauSeconds);
  const kick = sigma * Math.sqrt(1 - keep * keep);
  return () => {
    value = value * keep + kick * (random() * 2 - 1) * Math.sqrt(3);
    return value;
  };
}

/** Flies the legs from `start` and samples the state once a second. */
export function simulate(start: Start, legs: readonly Leg[], random: () => number): Simulation {
  const state: State = {
    position: start.position,
    altitudeM: start.elevationM,
    verticalMps: 0,
    speedMps: 0,
    headingDeg: start.headingDeg,
    turnRateDps: 0,
    isOnGround: true,
    elevationM: start.elevationM,
  };
  const bumps = {
    vertical: wander(random, 0.35, 4),
    turn: wander(random, 0.4, 3),
    speed: wander(random, 0.3, 6),
    gps: wander(random, 0.4, 20),
  };
  const fixes: Fix[] = [];
  const legSpans: LegSpan[] = [];
  let time = 0;
  let rpm = 1000;
  const record = () => {
    fixes.push({
      t: Math.round(time),
      lat: state.position.lat,
      lon: state.position.lon,
      altitudeM: state.altitudeM + bumps.gps(),
      speedMps: state.speedMps,
      headingDeg: state.headingDeg,
      rpm,
    });
  };
  record();
  for (const [index, leg] of legs.entries()) {
    if (leg.kind === 'takeoff' || leg.kind === 'land') state.elevationM = leg.runway.elevationM;
    const previous = legs[index - 1];
    const control = controllerFor(leg, { ...state }, legs[index + 1], previous?.kind === 'fly' ? previous.to : undefined);
    const span: LegSpan = { start: time, end: time };
    let elapsed = 0;
    for (;;) {
      const command = control(state, elapsed);
      if (command.isDone) break;
      rpm = command.rpm;
      const turnAccel = state.isOnGround ? taxiTurnAccelDps2 : airTurnAccelDps2;
      state.turnRateDps += clamp(command.turnRateDps - state.turnRateDps, -turnAccel * stepSeconds, turnAccel * stepSeconds);
      state.verticalMps += clamp(command.verticalMps - state.verticalMps, -0.8 * stepSeconds, 0.8 * stepSeconds);
      state.speedMps = Math.max(
        0,
        state.speedMps + (command.accelerationMps2 + (state.isOnGround ? 0 : bumps.speed() * 0.1)) * stepSeconds,
      );
      const turnBump = state.isOnGround ? 0 : bumps.turn();
      if (state.speedMps > 0.1) state.headingDeg = normalize(state.headingDeg + (state.turnRateDps + turnBump) * stepSeconds);
      state.position = move(state.position, state.headingDeg, state.speedMps * stepSeconds);
      if (state.isOnGround) {
        state.verticalMps = Math.max(0, state.verticalMps);
        state.altitudeM = state.elevationM + state.verticalMps * stepSeconds;
        state.isOnGround = state.verticalMps <= 0;
      } else {
        // Calm air near the ground, so the flare is the pilot's and not the noise's.
        const calm = clamp((state.altitudeM - state.elevationM) / 30, 0, 1);
        state.altitudeM += (state.verticalMps + calm * bumps.vertical()) * stepSeconds;
        if (state.altitudeM <= state.elevationM + 0.05 && state.verticalMps <= 0) {
          state.altitudeM = state.elevationM;
          state.verticalMps = 0;
          state.isOnGround = true;
          span.touchdown ??= time + stepSeconds;
        }
      }
      time += stepSeconds;
      elapsed += stepSeconds;
      if (Number.isInteger(time)) record();
    }
    span.end = time;
    legSpans.push(span);
  }
  return { fixes, legSpans };
}
