import { acsTolerances, type AcsEvidence } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { exactBankTurn, type SyntheticOptions, type SyntheticSegment } from '../synthetic-track.ts';
import { evidenceOfSynthetic } from './synthetic-evidence.ts';

const task = acsTolerances.steepTurn.task;
const speedKt = 95;
/** In the practice area at 3,000 ft and 95 kt, straight and level before and after. */
const inPracticeArea: SyntheticOptions = { inFlight: { speedKt, heightFt: 3000 }, headingDeg: 360 };
const straight = (durationS: number): SyntheticSegment => ({ kind: 'level', durationS, speedKt });

const steepTurns = (turn: SyntheticSegment[], options: SyntheticOptions = {}) =>
  evidenceOfSynthetic([straight(60), ...turn, straight(60)], { ...inPracticeArea, ...options });

const measured = (evidence: AcsEvidence, label: string) => {
  const found = evidence.measurements.find((item) => item.label.startsWith(label));
  if (found === undefined) throw new Error(`No measurement "${label}" in ${JSON.stringify(evidence.measurements)}`);
  return found;
};

describe('steep turns (PA.V.A)', () => {
  it('finds a 360° turn at 45° and judges it within: bank, altitude, airspeed and roll-out, at the moment it was flown', () => {
    // 45° at 95 kt turns 11.5°/s: 32 whole seconds make 367.9°.
    const segment = exactBankTurn(-360, 45, speedKt, { mark: 'turn' });
    const flight = steepTurns([segment]);
    const [turn, ...others] = flight.of(task);
    expect(others).toEqual([]);
    expect(turn).toMatchObject({ outcome: 'within' });
    expect(turn!.summary).toBe(
      "Steep turn left through 368°: bank 45–45°, altitude within 0 ft, airspeed within 0 kt of the entry's 95 kt, roll-out 8° past the entry heading",
    );
    expect(measured(turn!, 'Bank, lowest held')).toMatchObject({ value: 45, unit: 'deg', limit: '45° ±5°', within: true });
    expect(measured(turn!, 'Bank, steepest held')).toMatchObject({ value: 45, within: true });
    expect(measured(turn!, 'Altitude')).toMatchObject({ value: 0, unit: 'ft', limit: '±100 ft', within: true });
    expect(measured(turn!, 'Airspeed')).toMatchObject({ value: 0, unit: 'kt', limit: '±10 kt', within: true });
    expect(measured(turn!, 'Roll-out')).toMatchObject({ value: 7.9, limit: '±10°', within: true });
    // From the straight flight seconds before the roll-in to the straight flight seconds after the roll-out.
    const { start, end } = flight.marks.turn!;
    expect(start - turn!.start_ms).toBeGreaterThanOrEqual(0);
    expect(start - turn!.start_ms).toBeLessThanOrEqual(8000);
    expect(turn!.end_ms - end).toBeGreaterThanOrEqual(0);
    expect(turn!.end_ms - end).toBeLessThanOrEqual(8000);
  });

  it.each([
    [39.9, false],
    [40.1, true],
    [49.9, true],
    [50.1, false],
  ])('bank %f° is %s within 45° ±5°', (bankDeg, isWithin) => {
    const [turn] = steepTurns([exactBankTurn(360, bankDeg, speedKt)]).of(task);
    expect(measured(turn!, 'Bank, lowest held').value).toBe(bankDeg);
    expect(measured(turn!, 'Bank, steepest held').value).toBe(bankDeg);
    expect(turn!.outcome).toBe(isWithin ? 'within' : 'outside');
  });

  it.each([
    [99, 'within'],
    [101, 'outside'],
    [-99, 'within'],
    [-101, 'outside'],
  ])('altitude %i ft from the entry altitude is %s ±100 ft', (climbFt, outcome) => {
    const [turn] = steepTurns([exactBankTurn(-360, 45, speedKt, { climbFt })]).of(task);
    expect(measured(turn!, 'Altitude')).toMatchObject({ value: climbFt, within: outcome === 'within' });
    expect(turn!.outcome).toBe(outcome);
    expect(turn!.summary).toContain(
      outcome === 'within' ? `altitude within ${Math.abs(climbFt)} ft` : `${climbFt > 0 ? 'gained' : 'lost'} 101 ft`,
    );
  });

  it.each([
    [369, 9, 'within'],
    [371, 11, 'outside'],
    [351, -9, 'within'],
    [349, -11, 'outside'],
  ])('rolling out after %i° is %i° off the entry heading: %s ±10°', (degrees, off, outcome) => {
    const [turn] = steepTurns([{ kind: 'turn', degrees, bankDeg: 45, speedKt }]).of(task);
    expect(measured(turn!, 'Roll-out').value).toBeCloseTo(off, 0);
    expect(turn!.outcome).toBe(outcome);
    expect(turn!.summary).toContain(`roll-out ${Math.abs(off)}° ${off > 0 ? 'past' : 'short of'} the entry heading`);
  });

  it('takes the wind out of the airspeed: ground speed swings with the wind round the circle, the airspeed does not', () => {
    const [turn] = steepTurns([exactBankTurn(-360, 45, speedKt)], { wind: { fromDeg: 270, speedKt: 20 } }).of(task);
    const airspeed = measured(turn!, 'Airspeed (ground speed less the wind 270° at 20 kt the circle shows)');
    expect(Math.abs(airspeed.value)).toBeLessThanOrEqual(1);
    expect(turn!.outcome).toBe('within');
    // Turn rate over the ground times ground speed is the turn's acceleration, which the wind does not change.
    expect(measured(turn!, 'Bank, lowest held').value).toBeGreaterThan(42);
    expect(measured(turn!, 'Bank, steepest held').value).toBeLessThan(48);
  });

  it('judges a 720° turn against the entry heading and a right turn as right', () => {
    const [turn] = steepTurns([exactBankTurn(720, 45, speedKt)]).of(task);
    expect(turn!.summary).toMatch(/^Steep turn right through 72\d°/);
    expect(turn!.outcome).toBe('within');
  });

  it('takes back-to-back turns left then right as two steep turns', () => {
    const turns = steepTurns([exactBankTurn(-360, 45, speedKt), exactBankTurn(360, 45, speedKt)]).of(task);
    expect(turns.map((turn) => [turn.summary.slice(0, 16), turn.outcome])).toEqual([
      ['Steep turn left ', 'within'],
      ['Steep turn right', 'within'],
    ]);
  });

  it('finds no steep turn in a 270° turn at 45°, a 360° turn at 20°, or a circuit’s turns', () => {
    expect(steepTurns([exactBankTurn(-270, 45, speedKt)]).of(task)).toEqual([]);
    expect(steepTurns([exactBankTurn(-360, 20, speedKt)]).of(task)).toEqual([]);
    const pattern: SyntheticSegment[] = [1, 2, 3, 4].flatMap(() => [straight(40), { kind: 'turn', degrees: -90, bankDeg: 20, speedKt }]);
    expect(steepTurns(pattern).of(task)).toEqual([]);
  });
});
