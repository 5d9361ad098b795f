import { acsTolerances, type AcsEvidence } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { arrivalSegments, circuitSegments, departureSegments, type SyntheticSegment } from '../synthetic-track.ts';
import { evidenceOfSynthetic } from './synthetic-evidence.ts';

const measured = (evidence: AcsEvidence, label: string) => {
  const found = evidence.measurements.find((item) => item.label.startsWith(label));
  if (found === undefined) throw new Error(`No measurement "${label}" in ${JSON.stringify(evidence.measurements)}`);
  return found;
};

/** A circuit flown down to 300 ft on final, a go-around climbing at `climbKt`, and a second circuit to a full stop. */
const goAroundFlight = (climbKt: number) =>
  evidenceOfSynthetic(
    [
      ...departureSegments(),
      ...circuitSegments('first-').slice(0, 7),
      { kind: 'descend', toHeightFt: 300, fpm: 500 },
      { kind: 'climb', toHeightFt: 1000, fpm: 700, speedKt: climbKt, mark: 'go-around' },
      { kind: 'level', durationS: 60, speedKt: 90 },
      ...circuitSegments('second-').slice(3),
      ...arrivalSegments(),
    ],
    { fieldElevationFt: 400 },
  );

describe('go-arounds (PA.IV.M)', () => {
  it('judges the climb established and its speed against the take-off climbs at 70 kt (Vy +10/−5 kt)', () => {
    const flight = goAroundFlight(70);
    const [goAround, ...others] = flight.of(acsTolerances.goAround.task);
    expect(others).toEqual([]);
    expect(goAround).toMatchObject({ outcome: 'within', start_ms: flight.marks['go-around']!.start });
    expect(goAround!.summary).toBe(
      'Go-around from 700 ft: climbing 700 fpm over the next 30 s, at 70 kt ground speed, wind not removed (the take-off climbs: 70 kt)',
    );
    expect(measured(goAround!, 'Rate of climb')).toMatchObject({
      value: 700,
      unit: 'fpm',
      limit: 'a positive rate of climb',
      within: true,
    });
    expect(measured(goAround!, 'Climb speed')).toMatchObject({ value: 0, limit: 'Vy +10/−5 kt', within: true });
  });

  it.each([
    [80, 10, 'within'],
    [81, 11, 'outside'],
    [65, -5, 'within'],
    [64, -6, 'outside'],
  ])('a climb at %i kt is %i kt off Vy: %s', (climbKt, off, outcome) => {
    const [goAround] = goAroundFlight(climbKt).of(acsTolerances.goAround.task);
    expect(measured(goAround!, 'Climb speed')).toMatchObject({ value: off, within: outcome === 'within' });
    expect(goAround!.outcome).toBe(outcome);
  });
});

/** A circuit whose downwind wanders `wanderFt` above its altitude for 10 s. */
const patternFlight = (wanderFt: number) => {
  const circuit = circuitSegments('');
  const downwind: SyntheticSegment[] = [
    { kind: 'level', durationS: 50, mark: 'downwind' },
    ...(wanderFt === 0
      ? []
      : [
          { kind: 'climb', toHeightFt: 1000 + wanderFt, fpm: 600 } as const,
          { kind: 'level', durationS: 10 } as const,
          { kind: 'descend', toHeightFt: 1000, fpm: 600 } as const,
        ]),
    { kind: 'level', durationS: 40 },
  ];
  return evidenceOfSynthetic([...departureSegments(), ...circuit.slice(0, 4), ...downwind, ...circuit.slice(5), ...arrivalSegments()], {
    fieldElevationFt: 400,
  });
};

describe('traffic pattern (PA.III.B)', () => {
  it('finds the downwind before the landing and judges the altitude held on it, telling the speed flown', () => {
    const flight = patternFlight(0);
    const [pattern, ...others] = flight.of(acsTolerances.trafficPattern.task);
    expect(others).toEqual([]);
    expect(pattern!.outcome).toBe('within');
    expect(pattern!.summary).toBe(
      'Downwind before the landing: at 1,400 ft (1,000 ft above the field), held within 0 ft, ground speed 90–90 kt',
    );
    // From the turn onto downwind, once within 30° of it.
    expect(flight.marks.downwind!.start - pattern!.start_ms).toBeGreaterThanOrEqual(0);
    expect(flight.marks.downwind!.start - pattern!.start_ms).toBeLessThanOrEqual(10_000);
  });

  it.each([
    [99, 'within'],
    [101, 'outside'],
  ])('a downwind %i ft off the altitude held is %s ±100 ft', (wanderFt, outcome) => {
    const [pattern] = patternFlight(wanderFt).of(acsTolerances.trafficPattern.task);
    expect(measured(pattern!, 'Downwind altitude')).toMatchObject({ value: wanderFt, within: outcome === 'within' });
    expect(pattern!.outcome).toBe(outcome);
    expect(pattern!.summary).toContain(outcome === 'within' ? 'held within 99 ft' : 'straying 101 ft above it');
  });
});

/** Cruising at 6,000 ft, down to `lowestFt` at 2,000 fpm, back up to 3,000 ft and level there. */
const descentFlight = (lowestFt: number) =>
  evidenceOfSynthetic(
    [
      { kind: 'level', durationS: 60, speedKt: 100 },
      { kind: 'descend', toHeightFt: lowestFt, fpm: 2000, speedKt: 110, mark: 'descent' },
      ...(lowestFt < 3000 ? [{ kind: 'climb', toHeightFt: 3000, fpm: 1200 } as const] : []),
      { kind: 'level', durationS: 90, speedKt: 100 },
    ],
    { inFlight: { speedKt: 100, heightFt: 6000 } },
  );

describe('emergency descent (PA.IX.A)', () => {
  it('finds a descent faster than 1,500 fpm and judges its level-off against the altitude then held', () => {
    const flight = descentFlight(3000);
    const [descent, ...others] = flight.of(acsTolerances.emergencyDescent.task);
    expect(others).toEqual([]);
    expect(descent).toMatchObject({ outcome: 'within' });
    expect(descent!.summary).toMatch(
      /^Emergency descent from 5,9\d\d to 3,000 ft, 2,000 fpm at its steepest: levelled off within 0 ft of it$/,
    );
    expect(Math.abs(descent!.start_ms - flight.marks.descent!.start)).toBeLessThanOrEqual(10_000);
  });

  it.each([
    [2901, -99, 'within'],
    [2899, -101, 'outside'],
  ])('down to %i ft before levelling at 3,000 is %i ft off: %s ±100 ft', (lowestFt, off, outcome) => {
    const [descent] = descentFlight(lowestFt).of(acsTolerances.emergencyDescent.task);
    expect(measured(descent!, 'Level-off')).toMatchObject({ value: off, within: outcome === 'within' });
    expect(descent!.outcome).toBe(outcome);
  });

  it('is no emergency descent at 1,000 fpm', () => {
    const flight = evidenceOfSynthetic(
      [
        { kind: 'level', durationS: 60, speedKt: 100 },
        { kind: 'descend', toHeightFt: 3000, fpm: 1000 },
        { kind: 'level', durationS: 90 },
      ],
      { inFlight: { speedKt: 100, heightFt: 6000 } },
    );
    expect(flight.of(acsTolerances.emergencyDescent.task)).toEqual([]);
  });
});
