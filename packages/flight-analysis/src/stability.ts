import type { Evidence, FlightPhase, Landing, TeachableMoment, TrackPoint } from '@skylog/contracts';
import { bearingDegrees, haversineMetres } from '@skylog/track-formats';
import { descentFromFt, fieldRadiusNm, floatFromFt, type PhaseResult } from './phases.ts';
import { computeKinematics, type Kinematics } from './track-kinematics.ts';

/** Approach criteria apply below this height above the field: the stabilisation gate of most training organisations. */
const stabilityGateFt = 1000;
/** Fewer seconds than this between the gate and the flare are too little approach to call stable or not. */
const minJudgedApproachS = 15;
/** A stabilised approach sinks no faster than this. */
const maxApproachSinkFpm = 1000;
/** A stabilised approach holds its speed within this of the approach's median. */
const maxApproachSpeedSwingKt = 10;
/** A stabilised approach banks no more than this below the gate. */
const maxApproachBankDeg = 30;
/** Speed is compared only while within this of the touchdown track: in turns the wind alone changes ground speed. */
const finalAlignmentDeg = 30;
/** The touchdown track is taken over this many seconds before touchdown: the end of a straight final. */
const finalTrackS = 10;
/** Past this bank a turn is steep: load factor 1.4 g and stall speed 19 % higher. */
const steepBankDeg = 45;
/** Steep bank for less than this is a GPS course jump, not a turn. */
const minSteepBankS = 3;
/** Descending faster than this is beyond any normal descent for a training aircraft. */
const highDescentFpm = 2000;
/** ... when it lasts longer than this; a brief dip is turbulence or noise. */
const minHighDescentS = 10;
/** Exceedances this close together are one: a fix or two back under the limit does not end the manoeuvre. */
const exceedanceGapS = 2;
/** Sink rate at touchdown is the mean over this many seconds before it: long enough to average GPS altitude noise. */
export const touchdownSinkS = 5;
/** Sinking faster than this into touchdown is a hard landing: the flare should bring it near 200 fpm. */
const hardLandingFpm = 600;
/** A float longer than the approach's own sink rate would take from the flare height by more than this is long: a normal flare adds 2–4 s. */
const longFloatExtraS = 5;

const airbornePhases: ReadonlySet<FlightPhase> = new Set(['climb', 'cruise', 'descent', 'approach', 'go_around']);

/**
 * Teachable moments from the track: one per approach to a landing (stable or not, below 1,000 ft), one per
 * landing (hard, long float or smooth), one per go-around, and exceedances (steep bank, high descent rate)
 * anywhere in flight.
 */
export function findApproachAndExceedanceMoments(points: TrackPoint[], result: PhaseResult): TeachableMoment[] {
  if (result.phases.length === 0) return [];
  const kinematics = computeKinematics(points);
  const phaseOf = phasesByPoint(kinematics.time, result);
  const moments: TeachableMoment[] = [];
  for (const landing of result.landings) {
    const approach = describeApproach(points, kinematics, result, landing);
    if (approach !== null) moments.push(approach);
    moments.push(...describeLanding(kinematics, landing));
  }
  for (const goAround of result.goArounds) moments.push(describeGoAround(points, kinematics.time, result, goAround));
  moments.push(...findSteepBanks(kinematics, phaseOf), ...findHighDescents(kinematics, phaseOf));
  return moments.sort((a, b) => a.time - b.time);
}

export const formatNumber = (value: number) => Math.round(value).toLocaleString('en-US');
const formatSeconds = (milliseconds: number) => `${Math.round(milliseconds / 1000)} s`;

/** The first fix at or after `time` (binary search: times never go back). */
export const indexAt = (time: number[], at: number): number => {
  let low = 0;
  let high = time.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (time[middle]! < at) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** Each fix's phase. */
export const phasesByPoint = (time: number[], result: PhaseResult): FlightPhase[] => {
  let segment = 0;
  return time.map((at) => {
    while (segment < result.phases.length - 1 && at >= result.phases[segment]!.end) segment++;
    return result.phases[segment]!.phase;
  });
};

const moment = (
  fields: Pick<TeachableMoment, 'kind' | 'category' | 'tone' | 'title' | 'explanation' | 'time' | 'end_time' | 'evidence'>,
): TeachableMoment => ({ id: `${fields.kind}-${fields.time}`, readback: null, ...fields });

const trackEvidence = (start: number, end: number, summary: string): Evidence => ({ kind: 'track', start, end, summary });

type Issue = { sentence: string; start: number; end: number };

/** Stable or unstable: the approach to `landing` between 1,000 ft above the field and the flare. */
const describeApproach = (points: TrackPoint[], kinematics: Kinematics, result: PhaseResult, landing: Landing): TeachableMoment | null => {
  const phase = result.phases.find((segment) => segment.phase === 'approach' && segment.end === landing.touchdown_time);
  if (phase === undefined) return null;
  const { time, altitudeFt, verticalSpeedFpm, groundSpeedKt, bankDeg } = kinematics;
  const touchdown = indexAt(time, landing.touchdown_time);
  const heightAt = (index: number) => {
    const altitude = altitudeFt[index];
    return altitude === null || altitude === undefined ? null : altitude - landing.field_elevation_ft;
  };
  const judged: number[] = [];
  for (let index = touchdown - 1; index >= indexAt(time, phase.start); index--) {
    const height = heightAt(index);
    if (height === null) continue;
    if (height >= stabilityGateFt) break;
    // Below the screen height the flare changes sink and speed on purpose: not judged.
    if (height >= floatFromFt) judged.push(index);
  }
  judged.reverse();
  const first = judged[0];
  const last = judged.at(-1);
  if (first === undefined || last === undefined || time[last]! - time[first]! < minJudgedApproachS * 1000) return null;
  const heightText = (index: number) => `${formatNumber(heightAt(index)!)} ft above the field`;
  const issues: Issue[] = [];

  const sinks = judged.filter((index) => (verticalSpeedFpm[index] ?? 0) < -maxApproachSinkFpm);
  const worstSink = maxBy(judged, (index) => -(verticalSpeedFpm[index] ?? 0));
  if (sinks.length > 0) {
    issues.push({
      sentence: `Sink rate reached ${formatNumber(-verticalSpeedFpm[worstSink]!)} fpm at ${heightText(worstSink)}; stabilised approaches keep it under ${formatNumber(maxApproachSinkFpm)} fpm.`,
      start: time[sinks[0]!]!,
      end: time[sinks.at(-1)!]!,
    });
  }

  const banks = judged.filter((index) => Math.abs(bankDeg[index] ?? 0) > maxApproachBankDeg);
  const worstBank = maxBy(judged, (index) => Math.abs(bankDeg[index] ?? 0));
  if (banks.length > 0) {
    issues.push({
      sentence: `Bank reached about ${Math.round(Math.abs(bankDeg[worstBank]!))}° at ${heightText(worstBank)}; stabilised approaches stay within ${maxApproachBankDeg}° below ${formatNumber(stabilityGateFt)} ft.`,
      start: time[banks[0]!]!,
      end: time[banks.at(-1)!]!,
    });
  }

  // Ground speed only while lined up with the runway: turning from base to final the wind alone changes it.
  const finalTrack = bearingDegrees(points[indexAt(time, landing.touchdown_time - finalTrackS * 1000)]!, points[touchdown]!);
  const onFinal = judged.filter((index) => {
    const next = points[index + 1]!;
    const point = points[index]!;
    if ((point.latitude === next.latitude && point.longitude === next.longitude) || groundSpeedKt[index] === null) return false;
    const offset = Math.abs(((bearingDegrees(point, next) - finalTrack + 540) % 360) - 180);
    return offset <= finalAlignmentDeg;
  });
  const speeds = onFinal.map((index) => groundSpeedKt[index]!).sort((a, b) => a - b);
  const median = speeds[Math.floor(speeds.length / 2)];
  let speedText = '';
  if (median !== undefined) {
    const swings = onFinal.filter((index) => Math.abs(groundSpeedKt[index]! - median) > maxApproachSpeedSwingKt);
    const worstSpeed = maxBy(onFinal, (index) => Math.abs(groundSpeedKt[index]! - median));
    const swing = groundSpeedKt[worstSpeed]! - median;
    const swingKt = Math.round(Math.abs(swing));
    speedText = `ground speed on final ${swingKt === 0 ? 'steady at' : `within ${swingKt} kt of`} ${Math.round(median)} kt`;
    if (swings.length > 0) {
      issues.push({
        sentence: `Ground speed on final was ${swingKt} kt ${swing > 0 ? 'above' : 'below'} its median of ${Math.round(median)} kt at ${heightText(worstSpeed)}; stabilised approaches hold speed within ${maxApproachSpeedSwingKt} kt.`,
        start: time[swings[0]!]!,
        end: time[swings.at(-1)!]!,
      });
    }
  }

  const start = time[first]!;
  // Where judging began, to the nearest 50 ft: the gate, or lower when the approach started below it.
  const fromText = `${formatNumber(Math.round(heightAt(first)! / 50) * 50)} ft above the field`;
  if (issues.length > 0) {
    return moment({
      kind: 'unstable_approach',
      category: 'approach',
      tone: 'improve',
      title: 'Unstable approach',
      explanation: issues.map((issue) => issue.sentence).join(' '),
      time: start,
      end_time: landing.touchdown_time,
      evidence: issues.map((issue) => trackEvidence(issue.start, issue.end, issue.sentence)),
    });
  }
  const figures = [
    `sink rate at most ${formatNumber(Math.max(0, -(verticalSpeedFpm[worstSink] ?? 0)))} fpm`,
    ...(speedText === '' ? [] : [speedText]),
    `bank at most ${Math.round(Math.abs(bankDeg[worstBank] ?? 0))}°`,
  ];
  return moment({
    kind: 'stable_approach',
    category: 'approach',
    tone: 'well',
    title: 'Stable approach',
    explanation: `Stable from ${fromText} to the flare: ${figures.join(', ')}.`,
    time: start,
    end_time: landing.touchdown_time,
    evidence: [trackEvidence(start, time[last]!, `Approach from ${fromText} to the flare`)],
  });
};

const maxBy = (indices: number[], score: (index: number) => number): number =>
  indices.reduce((best, index) => (score(index) > score(best) ? index : best), indices[0]!);

/** The mean sink rate (fpm, positive down) over the last 5 s before touchdown; null without altitudes there. */
export const touchdownSinkFpm = (kinematics: Kinematics, landing: Landing): number | null => {
  const { time, altitudeFt } = kinematics;
  const touchdown = indexAt(time, landing.touchdown_time);
  const before = indexAt(time, landing.touchdown_time - touchdownSinkS * 1000);
  const [from, to] = [altitudeFt[before], altitudeFt[touchdown]];
  return from === null || from === undefined || to === null || to === undefined || before === touchdown
    ? null
    : ((from - to) / (time[touchdown]! - time[before]!)) * 60_000;
};

/** Hard landing, long float, or else a smooth landing. */
const describeLanding = (kinematics: Kinematics, landing: Landing): TeachableMoment[] => {
  const { time } = kinematics;
  const noun = landing.kind === 'touch_and_go' ? 'touch-and-go' : 'landing';
  const before = indexAt(time, landing.touchdown_time - touchdownSinkS * 1000);
  const sinkFpm = touchdownSinkFpm(kinematics, landing);
  const floatFrom = landing.float_s === null ? null : landing.touchdown_time - landing.float_s * 1000;
  const moments: TeachableMoment[] = [];
  if (sinkFpm !== null && sinkFpm > hardLandingFpm) {
    moments.push(
      moment({
        kind: 'hard_landing',
        category: 'landing',
        tone: 'improve',
        title: `Hard ${noun}`,
        explanation: `The aircraft was still sinking about ${formatNumber(sinkFpm)} fpm in the last ${touchdownSinkS} s before touchdown; a flare brings it under ${hardLandingFpm} fpm, ideally near 200, before the wheels touch.`,
        time: landing.touchdown_time,
        end_time: null,
        evidence: [trackEvidence(time[before]!, landing.touchdown_time, `Last ${touchdownSinkS} s before touchdown`)],
      }),
    );
  }
  const extraFloatS = floatExtraSeconds(landing);
  if (extraFloatS !== null && floatFrom !== null && extraFloatS > longFloatExtraS) {
    const explanation = `${landing.float_s} s from ${floatFromFt} ft to touchdown, ${Math.round(extraFloatS)} s more than the approach's own descent rate needed; floating uses runway and usually means too much speed over the threshold.`;
    moments.push(
      moment({
        kind: 'long_float',
        category: 'landing',
        tone: 'improve',
        title: 'Long float',
        explanation,
        time: floatFrom,
        end_time: landing.touchdown_time,
        evidence: [trackEvidence(floatFrom, landing.touchdown_time, `From ${floatFromFt} ft above the field to touchdown`)],
      }),
    );
  }
  if (moments.length > 0 || sinkFpm === null) return moments;
  const floatText = landing.float_s === null ? '' : `, ${landing.float_s} s after crossing ${floatFromFt} ft`;
  return [
    moment({
      kind: 'smooth_landing',
      category: 'landing',
      tone: 'well',
      title: `Smooth ${noun}`,
      explanation: `Touched down at ${Math.round(landing.ground_speed_kt)} kt ground speed${floatText}, sinking about ${formatNumber(Math.max(0, sinkFpm))} fpm in the last ${touchdownSinkS} s.`,
      time: landing.touchdown_time,
      end_time: null,
      evidence: [
        trackEvidence(
          floatFrom ?? time[before]!,
          landing.touchdown_time,
          floatFrom === null ? `Last ${touchdownSinkS} s before touchdown` : `From ${floatFromFt} ft above the field to touchdown`,
        ),
      ],
    }),
  ];
};

/**
 * How much longer the last 50 ft took than the approach's own descent rate (500 to 50 ft) would have: the
 * float proper. From the landing's figures: the 500 ft took 500 / rate minutes, the last 50 ft of it float_s.
 */
const floatExtraSeconds = (landing: Landing): number | null => {
  if (landing.float_s === null || landing.descent_rate_fpm === null || landing.descent_rate_fpm <= 0) return null;
  const approachS = (descentFromFt / landing.descent_rate_fpm) * 60 - landing.float_s;
  if (approachS <= 0) return null;
  return landing.float_s - (approachS * floatFromFt) / (descentFromFt - floatFromFt);
};

const describeGoAround = (
  points: TrackPoint[],
  time: number[],
  result: PhaseResult,
  goAround: PhaseResult['goArounds'][number],
): TeachableMoment => {
  const phase = result.phases.find((segment) => segment.phase === 'go_around' && segment.start === goAround.time);
  const point = points[indexAt(time, goAround.time)];
  const field = result.landings
    .filter((landing) => point !== undefined && haversineMetres(point, landing) <= fieldRadiusNm * 1852)
    .sort((a, b) => Math.abs(a.touchdown_time - goAround.time) - Math.abs(b.touchdown_time - goAround.time))[0];
  const where =
    field === undefined
      ? `${formatNumber(goAround.altitudeFt)} ft`
      : `about ${formatNumber(goAround.altitudeFt - field.field_elevation_ft)} ft above the field (${formatNumber(goAround.altitudeFt)} ft)`;
  return moment({
    kind: 'go_around',
    category: 'approach',
    tone: 'well',
    title: 'Go-around',
    explanation: `Went around at ${where} and climbed away without touching down. Going around when an approach is not working out is the right decision.`,
    time: goAround.time,
    end_time: phase?.end ?? null,
    evidence: [trackEvidence(goAround.time, phase?.end ?? goAround.time, 'Lowest point of the approach and the climb away')],
  });
};

/** Spans (fix indices, inclusive) in flight where `isOver` holds, joined across short gaps, at least `minS` long. */
const findSpans = (time: number[], phaseOf: FlightPhase[], isOver: (index: number) => boolean, minS: number): [number, number][] => {
  const spans: [number, number][] = [];
  time.forEach((at, index) => {
    if (!airbornePhases.has(phaseOf[index]!) || !isOver(index)) return;
    const last = spans.at(-1);
    if (last !== undefined && at - time[last[1]]! <= exceedanceGapS * 1000) last[1] = index;
    else spans.push([index, index]);
  });
  return spans.filter(([start, end]) => time[end]! - time[start]! >= minS * 1000);
};

const findSteepBanks = (kinematics: Kinematics, phaseOf: FlightPhase[]): TeachableMoment[] => {
  const { time, bankDeg } = kinematics;
  const bankAt = (index: number) => Math.abs(bankDeg[index] ?? 0);
  return findSpans(time, phaseOf, (index) => bankAt(index) > steepBankDeg, minSteepBankS).map(([start, end]) => {
    const worst = Math.round(bankAt(maxBy(range(start, end), bankAt)));
    const loadFactor = 1 / Math.cos((worst * Math.PI) / 180);
    const duration = formatSeconds(time[end]! - time[start]!);
    return moment({
      kind: 'steep_bank',
      category: 'handling',
      tone: 'improve',
      title: `Steep bank: ${worst}°`,
      explanation: `Bank reached about ${worst}° (estimated from turn rate and ground speed) and stayed past ${steepBankDeg}° for ${duration}. At that bank the load factor is ${loadFactor.toFixed(1)} g and the stall speed ${Math.round((Math.sqrt(loadFactor) - 1) * 100)} % higher; keep turns within ${steepBankDeg}° unless flying a planned steep turn.`,
      time: time[start]!,
      end_time: time[end]!,
      evidence: [trackEvidence(time[start]!, time[end]!, `Bank past ${steepBankDeg}° for ${duration}`)],
    });
  });
};

const findHighDescents = (kinematics: Kinematics, phaseOf: FlightPhase[]): TeachableMoment[] => {
  const { time, verticalSpeedFpm, altitudeFt } = kinematics;
  const sinkAt = (index: number) => -(verticalSpeedFpm[index] ?? 0);
  return findSpans(time, phaseOf, (index) => sinkAt(index) > highDescentFpm, minHighDescentS).map(([start, end]) => {
    const worst = sinkAt(maxBy(range(start, end), sinkAt));
    const duration = formatSeconds(time[end]! - time[start]!);
    const [from, to] = [altitudeFt[start], altitudeFt[end]];
    const altitudes =
      from === null || from === undefined || to === null || to === undefined
        ? ''
        : `, from ${formatNumber(from)} ft to ${formatNumber(to)} ft`;
    return moment({
      kind: 'high_descent_rate',
      category: 'handling',
      tone: 'improve',
      title: 'High descent rate',
      explanation: `Descent rate reached ${formatNumber(worst)} fpm and stayed above ${formatNumber(highDescentFpm)} fpm for ${duration}${altitudes}. Descents this steep build speed quickly and leave little time to react near terrain; plan descents nearer 500 fpm.`,
      time: time[start]!,
      end_time: time[end]!,
      evidence: [trackEvidence(time[start]!, time[end]!, `Descent faster than ${formatNumber(highDescentFpm)} fpm for ${duration}`)],
    });
  });
};

const range = (start: number, end: number): number[] => Array.from({ length: end - start + 1 }, (_, offset) => start + offset);
