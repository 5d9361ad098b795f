import { acsTolerances, type AcsEvidence, type AcsMeasurement } from '@skylog/contracts';
import { fixesBetween, isAirborne, isBankMeasured, speedOver, type AcsTrack } from './flight-track.ts';
import {
  evidence,
  formatWhole,
  largestDeviation,
  measurement,
  median,
  numbersBetween,
  plusMinus,
  quantile,
  valuesBetween,
} from './measure.ts';

const tolerance = acsTolerances.steepTurn;

/** A turn begins and ends where the bank passes this: below it the wings are as good as level. */
const turningBankDeg = 10;
/** The bank may dip under `turningBankDeg` this long (GPS course noise, a correction) without ending the turn. */
const turnBridgeS = 3;
/** A steep turn turns at least this far in one direction: the ACS's 360°, less what a roll-in and roll-out take. */
const steepTurnMinDeg = 300;
/** ... with at least this much bank on a quarter of its established part (FAA-S-ACS-6C PA.V.A asks for 45°). */
const steepBankDeg = 30;
const steepBankShare = 0.25;
/** Rolling in and out takes a few seconds, and the bank is a turn rate over 5 s: the established turn is the rest. */
const rollTransitionS = 5;
/** The entry and roll-out headings are read at the most level fix within this many seconds outside the turn. */
const levelSearchS = 5;
/** The entry altitude is the median of the fixes this many seconds up to the entry: one fix's GPS altitude jitters. */
const entryAltitudeS = 2;
/** The bank held is the range from this quantile to its complement: a fix or two of course noise is not the pilot's. */
const bankHeldQuantile = 0.1;
/** A circle needs this many velocities to fit the wind from. */
const minWindFixes = 10;

type Wind = { eastKt: number; northKt: number };

/**
 * PA.V.A Steep Turns: every continuous turn in one direction through at least 300° with a steep bank (see the
 * constants), measured against FAA-S-ACS-6C: bank 45° ±5° held, altitude ±100 ft and airspeed ±10 kt of the entry's,
 * and the roll-out within 10° of the entry heading.
 *
 * The bank is the aircraft's roll where its data log measured it, else estimated from the turn rate over the ground
 * and the ground speed (tan φ = V·ω / g). Over the ground the product V·ω is the turn's sideways acceleration, which the
 * wind does not change: the estimate is low only by the cosine of the drift angle (under 1° of bank for a drift of 10°).
 * Headings are tracks over the ground: the wind drifts the entry and the roll-out alike, so their difference stands.
 */
export function findSteepTurns(track: AcsTrack): AcsEvidence[] {
  const found: AcsEvidence[] = [];
  for (const turn of findTurns(track)) {
    const judged = judgeTurn(track, turn);
    if (judged !== null) found.push(judged);
  }
  return found;
}

type Turn = { sign: 1 | -1; start: number; end: number };

/** Runs of fixes banked past 10° the same way, bridged over short dips. */
function findTurns(track: AcsTrack): Turn[] {
  const { time, bankDeg } = track.kinematics;
  const turns: Turn[] = [];
  bankDeg.forEach((bank, index) => {
    if (bank === null || !isAirborne(track, index) || Math.abs(bank) < turningBankDeg) return;
    const sign = bank > 0 ? 1 : -1;
    const last = turns.at(-1);
    if (last?.sign === sign && time[index]! - time[last.end]! <= turnBridgeS * 1000) last.end = index;
    else turns.push({ sign, start: index, end: index });
  });
  return turns;
}

/** The most level fix (least bank) among [from, to], the one farthest from the turn on a tie. */
function mostLevel(track: AcsTrack, from: number, to: number, isBefore: boolean): number | null {
  const { bankDeg, trackDeg } = track.kinematics;
  let best: number | null = null;
  for (let index = Math.max(0, from); index <= Math.min(to, bankDeg.length - 1); index++) {
    if (trackDeg[index] === null || bankDeg[index] === null) continue;
    const level = Math.abs(bankDeg[index]!);
    if (best === null || level < Math.abs(bankDeg[best]!) || (!isBefore && level === Math.abs(bankDeg[best]!))) best = index;
  }
  return best;
}

function judgeTurn(track: AcsTrack, turn: Turn): AcsEvidence | null {
  const { time, bankDeg, trackDeg, altitudeFt } = track.kinematics;
  const [searchFrom] = fixesBetween(time, time[turn.start]! - levelSearchS * 1000, time[turn.start]!);
  const [, searchTo] = fixesBetween(time, time[turn.end]!, time[turn.end]! + levelSearchS * 1000);
  const entry = mostLevel(track, searchFrom, turn.start, true);
  const exit = mostLevel(track, turn.end, searchTo, false);
  if (entry === null || exit === null) return null;
  const turned = trackDeg[exit]! - trackDeg[entry]!;
  if (Math.sign(turned) !== turn.sign || Math.abs(turned) < steepTurnMinDeg) return null;

  const [established, establishedEnd] = fixesBetween(
    time,
    time[turn.start]! + rollTransitionS * 1000,
    time[turn.end]! - rollTransitionS * 1000,
  );
  const banks = numbersBetween(bankDeg, established, establishedEnd).map(Math.abs);
  const steepShareBank = quantile(banks, 1 - steepBankShare);
  if (steepShareBank === undefined || steepShareBank < steepBankDeg) return null;

  const measurements: AcsMeasurement[] = [];
  const phrases: string[] = [];
  const bankLimit = `${tolerance.bankDeg}° ${plusMinus(tolerance.bankPlusMinusDeg, tolerance.bankPlusMinusDeg, '°')}`;
  const bankBounds = { min: tolerance.bankDeg - tolerance.bankPlusMinusDeg, max: tolerance.bankDeg + tolerance.bankPlusMinusDeg };
  const bankSource = isBankMeasured(track, established, establishedEnd) ? 'measured' : 'from turn rate and ground speed';
  const lowest = measurement(`Bank, lowest held (${bankSource})`, quantile(banks, bankHeldQuantile)!, 'deg', bankLimit, bankBounds);
  const steepest = measurement(`Bank, steepest held (${bankSource})`, quantile(banks, 1 - bankHeldQuantile)!, 'deg', bankLimit, bankBounds);
  measurements.push(lowest, steepest);
  phrases.push(`bank ${Math.round(lowest.value)}–${Math.round(steepest.value)}°`);

  const entryAltitude = median(
    numbersBetween(altitudeFt, fixesBetween(time, time[entry]! - entryAltitudeS * 1000, time[entry]!)[0], entry),
  );
  if (entryAltitude !== undefined) {
    const deviation = largestDeviation(numbersBetween(altitudeFt, entry, exit).map((altitude) => altitude - entryAltitude));
    const altitude = measurement(
      'Altitude, largest deviation from the entry altitude',
      deviation,
      'ft',
      plusMinus(tolerance.altitudeFt, tolerance.altitudeFt, ' ft'),
      {
        min: -tolerance.altitudeFt,
        max: tolerance.altitudeFt,
      },
    );
    measurements.push(altitude);
    phrases.push(
      altitude.within
        ? `altitude within ${formatWhole(Math.abs(altitude.value))} ft`
        : `${altitude.value > 0 ? 'gained' : 'lost'} ${formatWhole(Math.abs(altitude.value))} ft`,
    );
  }

  const speed = turnSpeed(track, entry, exit, established, establishedEnd);
  if (speed !== null) {
    const deviation = largestDeviation(speed.values.map((value) => value - speed.entry));
    const airspeed = measurement(speed.label, deviation, 'kt', plusMinus(tolerance.airspeedKt, tolerance.airspeedKt, ' kt'), {
      min: -tolerance.airspeedKt,
      max: tolerance.airspeedKt,
    });
    measurements.push(airspeed);
    phrases.push(`${speed.noun} within ${formatWhole(Math.abs(airspeed.value))} kt of the entry's ${formatWhole(speed.entry)} kt`);
  }

  // Past (+) or short (−) of the entry heading after the nearest whole number of circles.
  const rolloutOff = turn.sign * (turned - 360 * Math.round(turned / 360));
  const rollout = measurement(
    'Roll-out heading off the entry heading (+ past it, − short of it)',
    rolloutOff,
    'deg',
    plusMinus(tolerance.rolloutHeadingDeg, tolerance.rolloutHeadingDeg, '°'),
    {
      min: -tolerance.rolloutHeadingDeg,
      max: tolerance.rolloutHeadingDeg,
    },
  );
  measurements.push(rollout);
  phrases.push(
    Math.round(rollout.value) === 0
      ? 'rolled out on the entry heading'
      : `roll-out ${formatWhole(Math.abs(rollout.value))}° ${rollout.value > 0 ? 'past' : 'short of'} the entry heading`,
  );

  const summary = `Steep turn ${turn.sign > 0 ? 'right' : 'left'} through ${formatWhole(Math.abs(turned))}°: ${phrases.join(', ')}`;
  return evidence(tolerance.task, time[entry]!, time[exit]!, summary, measurements);
}

/**
 * The speed through the turn, from the entry to the roll-out: indicated airspeed where the data log has it; else the
 * ground speed less the wind, worked out from the turn itself (flown at a steady airspeed round a full circle, the
 * ground velocities lie on a circle whose centre is the wind); else the ground speed as it is.
 */
function turnSpeed(
  track: AcsTrack,
  entry: number,
  exit: number,
  established: number,
  establishedEnd: number,
): { label: string; noun: string; entry: number; values: number[] } | null {
  const { groundSpeedKt, trackDeg } = track.kinematics;
  const measured = speedOver(track, entry, exit);
  const valuesOf = (at: (index: number) => number | null) => {
    const first = at(entry);
    return first === null ? null : { entry: first, values: valuesBetween(at, entry, exit) };
  };
  if (measured.isAirspeed) {
    const series = valuesOf(measured.at);
    return series && { ...series, label: 'Indicated airspeed, largest deviation from the entry airspeed', noun: 'airspeed' };
  }
  const velocity = (index: number) => {
    const speed = groundSpeedKt[index];
    const course = trackDeg[index];
    if (speed === null || speed === undefined || course === null || course === undefined) return null;
    const radians = (course * Math.PI) / 180;
    return { east: speed * Math.sin(radians), north: speed * Math.cos(radians) };
  };
  const wind = fitWind(Array.from({ length: establishedEnd - established + 1 }, (_, offset) => velocity(established + offset)));
  if (wind === null) {
    const series = valuesOf((index) => groundSpeedKt[index] ?? null);
    return (
      series && { ...series, label: 'Ground speed (wind not removed), largest deviation from the entry ground speed', noun: 'ground speed' }
    );
  }
  const series = valuesOf((index) => {
    const ground = velocity(index);
    return ground === null ? null : Math.hypot(ground.east - wind.eastKt, ground.north - wind.northKt);
  });
  const windKt = Math.hypot(wind.eastKt, wind.northKt);
  const fromDeg = ((Math.atan2(-wind.eastKt, -wind.northKt) * 180) / Math.PI + 360) % 360;
  const windText = windKt < 0.5 ? 'no wind' : `wind ${formatWhole(fromDeg)}° at ${formatWhole(windKt)} kt`;
  return (
    series && {
      ...series,
      label: `Airspeed (ground speed less the ${windText} the circle shows), largest deviation from the entry airspeed`,
      noun: 'airspeed',
    }
  );
}

/**
 * The wind from ground velocities (knots east and north) round a turn: the centre of the circle they lie on, by
 * least squares (Kåsa's algebraic fit: x² + y² + Dx + Ey + F = 0). Null with too few, or when the circle does not
 * hold the origin (more wind than airspeed, or no circle at all).
 */
export function fitWind(velocities: readonly ({ east: number; north: number } | null)[]): Wind | null {
  const known = velocities.filter((velocity) => velocity !== null);
  if (known.length < minWindFixes) return null;
  // Normal equations of [x y 1]·[D E F]ᵀ = −(x² + y²).
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const b = [0, 0, 0];
  for (const { east, north } of known) {
    const row = [east, north, 1];
    const target = -(east * east + north * north);
    for (let i = 0; i < 3; i++) {
      b[i]! += row[i]! * target;
      for (let j = 0; j < 3; j++) m[i]![j]! += row[i]! * row[j]!;
    }
  }
  const solution = solve3(m, b);
  if (solution === null) return null;
  const [d, e, f] = solution;
  const eastKt = -d / 2;
  const northKt = -e / 2;
  const radiusSquared = eastKt * eastKt + northKt * northKt - f;
  if (!(radiusSquared > eastKt * eastKt + northKt * northKt)) return null;
  return { eastKt, northKt };
}

/** Cramer's rule for a 3×3 system; null when it is singular. */
function solve3(m: number[][], b: number[]): [number, number, number] | null {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const whole = det(m);
  if (Math.abs(whole) < 1e-9) return null;
  const column = (k: number) => det(m.map((row, i) => row.map((value, j) => (j === k ? b[i]! : value))));
  return [column(0) / whole, column(1) / whole, column(2) / whole];
}
