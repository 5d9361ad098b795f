import { describe, expect, it } from 'vitest';
import { buildSyntheticTrack, type SyntheticOptions, type SyntheticSegment } from './synthetic-track.ts';
import { computeKinematics } from './track-kinematics.ts';

const kinematicsOf = (segments: SyntheticSegment[], options: SyntheticOptions = {}) => {
  const flight = buildSyntheticTrack(segments, options);
  const kinematics = computeKinematics(flight.points);
  /** The series' value at the middle of a marked segment. */
  const middle = (series: (number | null)[], mark: string) => {
    const { start, end } = flight.marks[mark]!;
    return series[kinematics.time.indexOf(start + Math.round((end - start) / 2000) * 1000)];
  };
  return { ...flight, kinematics, middle };
};

const flying: SyntheticSegment[] = [
  { kind: 'roll', toSpeedKt: 90 },
  { kind: 'climb', toHeightFt: 2000, fpm: 700, mark: 'climb' },
  { kind: 'level', durationS: 60, mark: 'level' },
  { kind: 'turn', degrees: 180, bankDeg: 30, mark: 'right' },
  { kind: 'turn', degrees: -180, bankDeg: 30, mark: 'left' },
  { kind: 'descend', toHeightFt: 1000, fpm: 1200, mark: 'descent' },
];

describe('computeKinematics', () => {
  it('gives one value a fix in every series', () => {
    const { points, kinematics } = kinematicsOf(flying);
    for (const series of Object.values(kinematics)) expect(series).toHaveLength(points.length);
    expect(kinematics.time).toEqual(points.map((point) => point.timestamp));
    expect(computeKinematics([])).toEqual({ time: [], groundSpeedKt: [], altitudeFt: [], verticalSpeedFpm: [], bankDeg: [], trackDeg: [] });
  });

  it('converts speed to knots and altitude to feet', () => {
    const { kinematics, middle } = kinematicsOf(flying, { fieldElevationFt: 500 });
    expect(middle(kinematics.groundSpeedKt, 'level')).toBeCloseTo(90, 6);
    expect(middle(kinematics.altitudeFt, 'level')).toBeCloseTo(2500, 6);
  });

  it('works out ground speed from positions when the fixes carry none', () => {
    const { kinematics, middle } = kinematicsOf(flying, { hasSpeed: false });
    expect(middle(kinematics.groundSpeedKt, 'level')).toBeCloseTo(90, 1);
    // In a turn the chord is a little shorter than the arc.
    expect(middle(kinematics.groundSpeedKt, 'right')).toBeCloseTo(90, 0);
  });

  it('smooths vertical speed: feet per minute, positive climbing', () => {
    const { kinematics, middle } = kinematicsOf(flying);
    expect(middle(kinematics.verticalSpeedFpm, 'climb')).toBeCloseTo(700, -1);
    expect(middle(kinematics.verticalSpeedFpm, 'level')).toBeCloseTo(0, 6);
    expect(middle(kinematics.verticalSpeedFpm, 'descent')).toBeCloseTo(-1200, -1);
  });

  it('has no altitude or vertical speed without altitudes', () => {
    const { kinematics } = kinematicsOf(flying, { hasAltitude: false });
    expect(kinematics.altitudeFt.every((altitude) => altitude === null)).toBe(true);
    expect(kinematics.verticalSpeedFpm.every((rate) => rate === null)).toBe(true);
  });

  it('estimates bank from turn rate and ground speed, positive to the right', () => {
    const { kinematics, middle } = kinematicsOf(flying);
    expect(middle(kinematics.bankDeg, 'right')).toBeCloseTo(30, 0);
    expect(middle(kinematics.bankDeg, 'left')).toBeCloseTo(-30, 0);
    expect(middle(kinematics.bankDeg, 'level')).toBeCloseTo(0, 6);
  });

  it("takes the aircraft's measured roll over the estimate where the track has it", () => {
    const flight = buildSyntheticTrack(flying);
    // A data log's roll: the estimate says 30° in the right turn, the attitude sensor 27°.
    const points = flight.points.map((point, index) => (index % 2 === 0 ? { ...point, roll_deg: 27 } : point));
    const { bankDeg } = computeKinematics(points);
    const { start, end } = flight.marks.right!;
    const turning = points
      .map((point, index) => ({ point, index }))
      .filter(({ point }) => point.timestamp > start + 5000 && point.timestamp < end - 5000);
    expect(turning.filter(({ index }) => index % 2 === 0).every(({ index }) => bankDeg[index] === 27)).toBe(true);
    expect(turning.filter(({ index }) => index % 2 === 1).every(({ index }) => Math.abs(bankDeg[index]! - 30) < 1)).toBe(true);
  });

  it('turns through north without a jump', () => {
    const { kinematics, marks } = kinematicsOf(
      [
        { kind: 'roll', toSpeedKt: 100 },
        { kind: 'turn', degrees: -360, bankDeg: 45, mark: 'circle' },
      ],
      {
        headingDeg: 10,
      },
    );
    const { start, end } = marks.circle!;
    // Away from the window's edges at roll-in and the end of the track.
    const turning = kinematics.bankDeg.filter(
      (_, index) => kinematics.time[index]! >= start + 3000 && kinematics.time[index]! <= end - 3000,
    );
    expect(turning.length).toBeGreaterThan(20);
    for (const bank of turning) expect(bank).toBeCloseTo(-45, 0);
  });

  it('has no bank standing still or taxiing slower than a walk', () => {
    const { kinematics } = kinematicsOf([
      { kind: 'stop', durationS: 20 },
      { kind: 'taxi', durationS: 20, speedKt: 3 },
    ]);
    expect(kinematics.bankDeg.every((bank) => bank === null)).toBe(true);
  });
});
