import type { FindingKind } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { detectPhases } from './phases.ts';
import { findApproachAndExceedanceMoments } from './stability.ts';
import {
  arrivalSegments,
  buildSyntheticTrack,
  circuitSegments,
  departureSegments,
  type SyntheticOptions,
  type SyntheticSegment,
} from './synthetic-track.ts';

const toleranceMs = 3000;

const analyse = (segments: SyntheticSegment[], options: SyntheticOptions = {}) => {
  const flight = buildSyntheticTrack(segments, options);
  const result = detectPhases(flight.points, { category: 'airplane' });
  const moments = findApproachAndExceedanceMoments(flight.points, result);
  const only = (kind: FindingKind) => {
    const found = moments.filter((moment) => moment.kind === kind);
    expect(found, kind).toHaveLength(1);
    return found[0]!;
  };
  return { ...flight, result, moments, only };
};

/** Straight in: level at 2,000 ft above the field, then the given descent to touchdown and the roll-out. */
const straightIn = (approach: SyntheticSegment[]) =>
  [
    ...departureSegments(),
    { kind: 'climb', toHeightFt: 2000, fpm: 700, speedKt: 80 },
    { kind: 'level', durationS: 60, speedKt: 70 },
    ...approach,
    ...arrivalSegments(),
  ] satisfies SyntheticSegment[];

const kindsOf = (moments: { kind: FindingKind }[]) => moments.map((moment) => moment.kind);

describe('findApproachAndExceedanceMoments', () => {
  it('praises a stable approach and a smooth landing', () => {
    const { moments, only } = analyse([...departureSegments(), ...circuitSegments('', { floatS: 8 }), ...arrivalSegments()]);
    expect(kindsOf(moments)).toEqual(['stable_approach', 'smooth_landing']);
    const approach = only('stable_approach');
    expect(approach).toMatchObject({
      category: 'approach',
      tone: 'well',
      title: 'Stable approach',
      readback: null,
      id: `stable_approach-${approach.time}`,
    });
    expect(approach.explanation).toBe(
      'Stable from 1,000 ft above the field to the flare: sink rate at most 500 fpm, ground speed on final steady at 65 kt, bank at most 22°.',
    );
    expect(approach.evidence).toEqual([expect.objectContaining({ kind: 'track', start: approach.time })]);
    expect(only('smooth_landing')).toMatchObject({ category: 'landing', tone: 'well', title: 'Smooth landing', end_time: null });
  });

  it('flags a sink rate of 1,400 fpm at 700 ft, with the figure and the height', () => {
    const { only, marks } = analyse(
      straightIn([
        { kind: 'descend', toHeightFt: 1000, fpm: 500, speedKt: 65 },
        { kind: 'descend', toHeightFt: 400, fpm: 1400, mark: 'sink' },
        { kind: 'descend', toHeightFt: 50, fpm: 500 },
        { kind: 'descend', toHeightFt: 0, fpm: 375, mark: 'flare' },
      ]),
    );
    const approach = only('unstable_approach');
    expect(approach).toMatchObject({
      category: 'approach',
      tone: 'improve',
      title: 'Unstable approach',
      end_time: marks.flare!.end,
      readback: null,
    });
    expect(approach.explanation).toMatch(
      /^Sink rate reached 1,(3[5-9]\d|400) fpm at [67]\d\d ft above the field; stabilised approaches keep it under 1,000 fpm\.$/,
    );
    const [evidence] = approach.evidence;
    expect(evidence).toMatchObject({ kind: 'track', summary: approach.explanation });
    if (evidence?.kind !== 'track') throw new Error('track evidence expected');
    expect(evidence.start).toBeGreaterThanOrEqual(marks.sink!.start - toleranceMs);
    expect(evidence.end).toBeLessThanOrEqual(marks.sink!.end + toleranceMs);
  });

  it('flags a steep turn onto final and a speed swing on final', () => {
    const { only } = analyse(
      straightIn([
        { kind: 'descend', toHeightFt: 900, fpm: 500, speedKt: 70 },
        { kind: 'turn', degrees: 90, bankDeg: 35, fpm: -500 },
        { kind: 'descend', toHeightFt: 500, fpm: 500, speedKt: 85 },
        { kind: 'descend', toHeightFt: 50, fpm: 500, speedKt: 65 },
        { kind: 'descend', toHeightFt: 0, fpm: 375 },
      ]),
    );
    const { explanation } = only('unstable_approach');
    expect(explanation).toMatch(
      /Bank reached about 3[2-6]° at \d+ ft above the field; stabilised approaches stay within 30° below 1,000 ft\./,
    );
    expect(explanation).toMatch(
      /Ground speed on final was 1\d kt (above|below) its median of \d+ kt at \d+ ft above the field; stabilised approaches hold speed within 10 kt\./,
    );
    expect(only('unstable_approach').evidence).toHaveLength(2);
  });

  it('calls a landing without a flare hard', () => {
    const { only } = analyse(straightIn([{ kind: 'descend', toHeightFt: 0, fpm: 800, speedKt: 65 }]));
    const landing = only('hard_landing');
    expect(landing).toMatchObject({ category: 'landing', tone: 'improve', title: 'Hard landing' });
    expect(landing.explanation).toContain('sinking about 800 fpm in the last 5 s before touchdown');
  });

  it('calls a 15-second float from 50 ft long', () => {
    const { moments, only, marks } = analyse([...departureSegments(), ...circuitSegments('', { floatS: 15 }), ...arrivalSegments()]);
    expect(kindsOf(moments)).toEqual(['stable_approach', 'long_float']);
    const float = only('long_float');
    expect(float).toMatchObject({ category: 'landing', tone: 'improve', end_time: marks.flare!.end });
    expect(Math.abs(float.time - marks.flare!.start)).toBeLessThanOrEqual(1000);
    expect(float.explanation).toMatch(/^15 s from 50 ft to touchdown, 9 s more than the approach's own descent rate needed/);
  });

  it('judges each landing of a touch-and-go flight', () => {
    const { moments } = analyse([
      ...departureSegments(),
      ...circuitSegments('first-', { floatS: 8 }),
      { kind: 'roll', toSpeedKt: 65 },
      ...circuitSegments('second-', { floatS: 8 }),
      ...arrivalSegments(),
    ]);
    expect(moments.map((moment) => moment.title)).toEqual(['Stable approach', 'Smooth touch-and-go', 'Stable approach', 'Smooth landing']);
  });

  it('commends a go-around, with its height above the field', () => {
    const { only, marks, moments } = analyse(
      [
        ...departureSegments(),
        ...circuitSegments('first-', { floatS: 8 }).slice(0, 7),
        { kind: 'descend', toHeightFt: 300, fpm: 500 },
        { kind: 'climb', toHeightFt: 1000, fpm: 700, speedKt: 70, mark: 'go-around' },
        { kind: 'level', durationS: 60, speedKt: 90 },
        ...circuitSegments('second-', { floatS: 8 }).slice(3),
        ...arrivalSegments(),
      ],
      { fieldElevationFt: 1200 },
    );
    expect(kindsOf(moments)).toEqual(['go_around', 'stable_approach', 'smooth_landing']);
    const goAround = only('go_around');
    expect(goAround).toMatchObject({
      category: 'approach',
      tone: 'well',
      title: 'Go-around',
      time: marks['go-around']!.start,
      id: `go_around-${marks['go-around']!.start}`,
    });
    expect(goAround.explanation).toMatch(
      /^Went around at about 300 ft above the field \(1,500 ft\) and climbed away without touching down\./,
    );
    expect(Math.abs(goAround.end_time! - marks['go-around']!.end)).toBeLessThanOrEqual(toleranceMs);
  });

  it('flags a 50° steep turn where it was flown, once', () => {
    const { only, marks } = analyse([
      ...departureSegments(),
      { kind: 'climb', toHeightFt: 3000, fpm: 700, speedKt: 100 },
      { kind: 'level', durationS: 30 },
      { kind: 'turn', degrees: 360, bankDeg: 50, mark: 'steep' },
      { kind: 'level', durationS: 30 },
      { kind: 'turn', degrees: -360, bankDeg: 30 },
      { kind: 'level', durationS: 30 },
    ]);
    const steep = only('steep_bank');
    expect(steep).toMatchObject({ category: 'handling', tone: 'improve', title: 'Steep bank: 50°', readback: null });
    expect(Math.abs(steep.time - marks.steep!.start)).toBeLessThanOrEqual(toleranceMs);
    expect(Math.abs(steep.end_time! - marks.steep!.end)).toBeLessThanOrEqual(toleranceMs);
    expect(steep.explanation).toMatch(
      /^Bank reached about 50° \(estimated from turn rate and ground speed\) and stayed past 45° for \d+ s\. At that bank the load factor is 1\.6 g and the stall speed 25 % higher/,
    );
  });

  it('flags a sustained 2,500 fpm descent, not a short dip nor 1,800 fpm', () => {
    const { moments, only, marks } = analyse([
      ...departureSegments(),
      { kind: 'climb', toHeightFt: 6000, fpm: 1000, speedKt: 100 },
      { kind: 'descend', toHeightFt: 5000, fpm: 2500, mark: 'dive' },
      { kind: 'level', durationS: 60 },
      { kind: 'descend', toHeightFt: 4800, fpm: 2500 },
      { kind: 'level', durationS: 60 },
      { kind: 'descend', toHeightFt: 3000, fpm: 1800 },
      { kind: 'level', durationS: 60 },
    ]);
    expect(kindsOf(moments)).toEqual(['high_descent_rate']);
    const dive = only('high_descent_rate');
    expect(dive).toMatchObject({ category: 'handling', tone: 'improve', title: 'High descent rate' });
    expect(dive.explanation).toMatch(/^Descent rate reached 2,500 fpm and stayed above 2,000 fpm for 1\d s/);
    expect(dive.time).toBeGreaterThanOrEqual(marks.dive!.start);
    expect(dive.end_time).toBeLessThanOrEqual(marks.dive!.end);
  });

  it('finds nothing without phases', () => {
    expect(findApproachAndExceedanceMoments([], detectPhases([]))).toEqual([]);
  });
});
