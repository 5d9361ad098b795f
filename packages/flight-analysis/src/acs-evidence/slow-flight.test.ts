import { acsTolerances, type AcsEvidence } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import type { SyntheticOptions, SyntheticSegment } from '../synthetic-track.ts';
import { evidenceOfSynthetic } from './synthetic-evidence.ts';

const task = acsTolerances.slowFlight.task;
const cruiseKt = 120;
const slowKt = 60;
const inPracticeArea: SyntheticOptions = { inFlight: { speedKt: cruiseKt, heightFt: 4000 }, headingDeg: 90 };
const level = (durationS: number, speedKt: number, mark?: string): SyntheticSegment => ({
  kind: 'level',
  durationS,
  speedKt,
  ...(mark ? { mark } : {}),
});

/** Cruise, slow down to 60 kt (30 s at 2 kt/s) and hold it for a minute, fly `part`, 60 kt again for half a minute, and back to cruise. */
const slowFlight = (part: SyntheticSegment[], options: SyntheticOptions = {}) =>
  evidenceOfSynthetic(
    [level(120, cruiseKt), level(30, slowKt), level(60, slowKt, 'held'), ...part, level(30, slowKt), level(90, cruiseKt)],
    { ...inPracticeArea, ...options },
  );

const measured = (evidence: AcsEvidence, label: string) => {
  const found = evidence.measurements.find((item) => item.label.includes(label));
  if (found === undefined) throw new Error(`No measurement "${label}" in ${JSON.stringify(evidence.measurements)}`);
  return found;
};

describe('slow flight (PA.VII.A)', () => {
  it('finds a stretch flown level at half the cruise speed, from where the speed settled, and judges it within', () => {
    const flight = slowFlight([level(30, slowKt)]);
    const [slow, ...others] = flight.of(task);
    expect(others).toEqual([]);
    expect(slow).toMatchObject({ outcome: 'within' });
    expect(slow!.summary).toMatch(
      /^Slow flight for 2 min \d+ s, speed held 60 kt: altitude within 0 ft, heading within 0°, ground speed 60–6\d kt$/,
    );
    // The first seconds of speeding up again, until the speed is plainly no longer held.
    expect(measured(slow!, 'fastest above the speed held')).toMatchObject({
      unit: 'kt',
      limit: '+10/−0 kt of the speed held',
      within: true,
    });
    expect(measured(slow!, 'fastest above the speed held').value).toBeLessThanOrEqual(4);
    expect(measured(slow!, 'Ground speed (wind not removed), slowest')).toMatchObject({ value: 0, within: true });
    // It starts as the speed settles, seconds before the minute held at 60 kt.
    expect(flight.marks.held!.start - slow!.start_ms).toBeGreaterThanOrEqual(0);
    expect(flight.marks.held!.start - slow!.start_ms).toBeLessThanOrEqual(5000);
  });

  it.each([
    [70, 'within'],
    [71, 'outside'],
  ])('%i kt is %s +10 kt of the 60 kt held', (speedKt, outcome) => {
    const [slow] = slowFlight([level(30, speedKt)]).of(task);
    expect(measured(slow!, 'fastest above the speed held')).toMatchObject({ value: speedKt - slowKt, within: outcome === 'within' });
    expect(slow!.outcome).toBe(outcome);
  });

  it.each([
    [60, 'within'],
    [59, 'outside'],
  ])('%i kt is %s −0 kt of the 60 kt held', (speedKt, outcome) => {
    const [slow] = slowFlight([level(30, speedKt)]).of(task);
    expect(measured(slow!, 'slowest against the speed held')).toMatchObject({ value: speedKt - slowKt, within: outcome === 'within' });
    expect(slow!.outcome).toBe(outcome);
  });

  it.each([
    [-99, 'within'],
    [-101, 'outside'],
  ])('altitude %i ft from the entry altitude is %s ±100 ft', (changeFt, outcome) => {
    const [slow] = slowFlight([{ kind: 'descend', toHeightFt: 4000 + changeFt, fpm: 300, speedKt: slowKt }, level(20, slowKt)]).of(task);
    expect(measured(slow!, 'Altitude')).toMatchObject({ value: changeFt, within: outcome === 'within' });
    expect(slow!.outcome).toBe(outcome);
  });

  it.each([
    [9, 'within'],
    [11, 'outside'],
  ])('a heading drifting %i° with the wings near level is %s ±10°', (degrees, outcome) => {
    const [slow] = slowFlight([{ kind: 'turn', degrees, bankDeg: 2, speedKt: slowKt }, level(20, slowKt)]).of(task);
    expect(measured(slow!, 'Heading')).toMatchObject({ value: degrees, within: outcome === 'within' });
    expect(slow!.outcome).toBe(outcome);
  });

  it('is not a slow flight at cruise speed, for less than 30 s, or descending on an approach', () => {
    expect(evidenceOfSynthetic([level(300, cruiseKt)], inPracticeArea).of(task)).toEqual([]);
    expect(
      evidenceOfSynthetic([level(120, cruiseKt), level(30, slowKt), level(10, slowKt), level(90, cruiseKt)], inPracticeArea).of(task),
    ).toEqual([]);
    const descending = [
      level(120, cruiseKt),
      { kind: 'descend', toHeightFt: 2000, fpm: 700, speedKt: slowKt } as const,
      level(60, cruiseKt),
    ];
    expect(evidenceOfSynthetic(descending, inPracticeArea).of(task)).toEqual([]);
  });

  it('is no slow flight within 3 NM of a field: slow near an airport is an approach or the pattern', () => {
    const away = slowFlight([level(30, slowKt)]);
    const held = away.points.find((point) => point.timestamp === away.marks.held!.end)!;
    // A field 2 NM north of the minute held at 60 kt.
    const field = { latitude: held.latitude + 2 / 60, longitude: held.longitude, elevationFt: 0 };
    expect(away.of(task)).toHaveLength(1);
    const near = evidenceOfSynthetic(
      [level(120, cruiseKt), level(30, slowKt), level(60, slowKt), level(30, slowKt), level(30, slowKt), level(90, cruiseKt)],
      inPracticeArea,
      { airports: [field] },
    );
    expect(near.of(task)).toEqual([]);
  });
});
