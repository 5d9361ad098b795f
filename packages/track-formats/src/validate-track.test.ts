import { limits, type TrackPoint, trackFastSpeedsNotice, trackImportNotices, trackJumpsDroppedNotice, units } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { bearingDegrees, haversineMetres } from './geo.ts';
import { validateTrack } from './validate-track.ts';

const start = Date.UTC(2024, 4, 1, 10, 15, 0);

const point = (secondsAfterStart: number, latitude: number, longitude: number, extra: Partial<TrackPoint> = {}): TrackPoint => ({
  timestamp: start + secondsAfterStart * 1000,
  latitude,
  longitude,
  altitude: 100,
  accuracy: 5,
  heading: null,
  speed: null,
  ...extra,
});

describe('validateTrack', () => {
  it('works out missing speed and heading from the leg to each point; the first point from the leg after it', () => {
    const points = [point(0, 47, 8), point(10, 47.001, 8), point(20, 47.001, 8.002)];
    const [first, second, third] = validateTrack(points).points;
    const north = haversineMetres(points[0]!, points[1]!) / 10;
    expect(first).toMatchObject({ speed: north, heading: 0 });
    expect(second).toMatchObject({ speed: north, heading: 0 });
    expect(third?.speed).toBeCloseTo(haversineMetres(points[1]!, points[2]!) / 10, 9);
    expect(third?.heading).toBeCloseTo(bearingDegrees(points[1]!, points[2]!), 9);
    expect(third?.heading).toBeCloseTo(90, 1);
  });

  it('keeps the speed and heading the recorder gave, and the input untouched', () => {
    const points = [point(0, 47, 8, { speed: 30, heading: 271 }), point(1, 47.0003, 8), point(2, 47.0006, 8)];
    const checked = validateTrack(points).points;
    expect(checked[0]).toMatchObject({ speed: 30, heading: 271 });
    expect(points[1]).toMatchObject({ speed: null, heading: null });
  });

  it('keeps the last direction while the aircraft stands still', () => {
    const checked = validateTrack([point(0, 47, 8), point(1, 47, 8.001), point(2, 47, 8.001)]).points;
    expect(checked[2]?.speed).toBe(0);
    expect(checked[2]?.heading).toBeCloseTo(90, 1);
  });

  it('drops repeated fixes of the same time, keeping the first', () => {
    const checked = validateTrack([point(0, 47, 8), point(1, 47.001, 8), point(1, 47.002, 8), point(2, 47.003, 8)]).points;
    expect(checked.map((fix) => fix.latitude)).toEqual([47, 47.001, 47.003]);
  });

  it('names the point where time goes backwards, and both times', () => {
    const points = [point(0, 47, 8), point(3, 47, 8), point(7, 47, 8), point(3, 47, 8)];
    expect(() => validateTrack(points)).toThrow('Time goes backwards at point 4 (10:15:03 after 10:15:07 UTC).');
  });

  it('gives dates when the backward step crosses a day, and milliseconds when only they differ', () => {
    const overMidnight = [point(0, 47, 8), { ...point(0, 47, 8), timestamp: start - 86_400_000 }];
    expect(() => validateTrack(overMidnight)).toThrow(
      'Time goes backwards at point 2 (2024-04-30 10:15:00 after 2024-05-01 10:15:00 UTC).',
    );
    const withinASecond = [point(0.5, 47, 8), point(0.25, 47, 8)];
    expect(() => validateTrack(withinASecond)).toThrow('Time goes backwards at point 2 (10:15:00.250 after 10:15:00.500 UTC).');
  });

  it.each([
    ['one point', [point(0, 47, 8)], 'A track needs at least 3 points with different times; this one has 1.'],
    ['no points', [], 'A track needs at least 3 points with different times; this one has 0.'],
    ['two points', [point(0, 47, 8), point(1, 47.0001, 8)], 'A track needs at least 3 points with different times; this one has 2.'],
    [
      'all times equal',
      [point(0, 47, 8), point(0, 47.1, 8), point(0, 47.2, 8)],
      "All 3 points have the same time (2024-05-01T10:15:00.000Z); a track's times must move on from point to point.",
    ],
    ['a latitude past the pole', [point(0, 47, 8), point(1, 91.5, 8)], 'Point 2 has latitude 91.5; latitudes run from -90 to 90.'],
    ['a longitude past the antimeridian', [point(0, 47, -180.2)], 'Point 1 has longitude -180.2; longitudes run from -180 to 180.'],
    ['a latitude that is not a number', [point(0, 47, 8), point(1, Number.NaN, 8)], 'Point 2 has no valid latitude.'],
    ['an altitude that is not a number', [point(0, 47, 8, { altitude: Number.POSITIVE_INFINITY })], 'Point 1 has an invalid altitude.'],
    ['a time that is not a number', [point(0, 47, 8), { ...point(1, 47, 8), timestamp: Number.NaN }], 'Point 2 has no valid time.'],
  ])('rejects %s', (_case, points, message) => {
    expect(() => validateTrack(points)).toThrow(message);
  });

  it('rejects more points than Skylog stores, before looking at them', () => {
    const points = Array.from({ length: limits.trackMaxPoints + 1 }, () => point(0, 0, 0));
    expect(() => validateTrack(points)).toThrow('This track has 200,001 points; Skylog takes at most 200,000.');
  });

  describe('values checked against the movement', () => {
    /** A minute at 100 kt due north, one fix a second, with the recorder's speed and course from `recorded`. */
    const northAt100Kt = (recorded: (second: number) => Partial<TrackPoint>) => {
      const metresPerSecond = 100 / units.knotsPerMetrePerSecond;
      const degreesPerSecond = metresPerSecond / 111_195;
      return Array.from({ length: 61 }, (_, second) => point(second, 47 + second * degreesPerSecond, 8, recorded(second)));
    };
    const knots = (metresPerSecond: number | null) => (metresPerSecond ?? 0) * units.knotsPerMetrePerSecond;

    it('keeps a speed and course that agree with the positions, saying nothing', () => {
      const checked = validateTrack(northAt100Kt(() => ({ speed: 52, heading: 2 })));
      expect(checked.notices).toEqual([]);
      expect(checked.points[30]).toMatchObject({ speed: 52, heading: 2 });
    });

    it.each([
      ['knots read as metres per second', 100],
      ['kilometres per hour read as metres per second', 185.2],
      ['an IGC speed read at a hundred times its scale', 5144],
    ])('recomputes a ground speed field in %s from the positions, and says so', (_case, recordedSpeed) => {
      const checked = validateTrack(northAt100Kt(() => ({ speed: recordedSpeed })));
      expect(checked.notices).toEqual([trackImportNotices.speedRecomputed]);
      expect(knots(checked.points[30]!.speed)).toBeCloseTo(100, 0);
    });

    it('recomputes a course field that is not the direction flown (the reciprocal), and says so', () => {
      const checked = validateTrack(northAt100Kt(() => ({ speed: 51.4, heading: 3.1 + 180 })));
      expect(checked.notices).toEqual([trackImportNotices.courseRecomputed]);
      expect(checked.points[30]!.heading).toBeCloseTo(0, 1);
    });

    it('recomputes a single speed above the limit from the positions', () => {
      const checked = validateTrack(northAt100Kt((second) => ({ speed: second === 20 ? 400 : 51.4 })));
      expect(checked.notices).toEqual([trackFastSpeedsNotice(1)]);
      expect(knots(checked.points[20]!.speed)).toBeCloseTo(100, 0);
    });

    it('leaves out a GPS jump no aircraft could fly, and says so', () => {
      const points = northAt100Kt(() => ({}));
      points[10] = { ...points[10]!, latitude: 48 };
      const checked = validateTrack(points);
      expect(checked.notices).toEqual([trackJumpsDroppedNotice(1)]);
      expect(checked.points).toHaveLength(60);
      expect(Math.max(...checked.points.map((fix) => knots(fix.speed)))).toBeLessThan(limits.trackMaxGroundSpeedKt);
    });

    it('leaves out a bad first fix rather than the whole flight', () => {
      const points = northAt100Kt(() => ({}));
      points[0] = { ...points[0]!, longitude: 20 };
      const checked = validateTrack(points);
      expect(checked.points).toHaveLength(60);
      expect(checked.points[0]!.longitude).toBe(8);
    });

    it('leaves out a bad first fix near enough to reach later on, keeping the take-off after it', () => {
      // 4.6 km off: reachable at 600 kt from the 15th second on, so a chain from it would drop the first 14 s.
      const points = northAt100Kt(() => ({}));
      points[0] = { ...points[0]!, longitude: 8.06 };
      const checked = validateTrack(points);
      expect(checked.points).toHaveLength(60);
      expect(checked.points[0]!.timestamp).toBe(points[1]!.timestamp);
    });

    it('stores no speed above the limit, even from fixes a fraction of a second apart', () => {
      const points = [point(0, 47, 8), point(0.01, 47.00003, 8), point(1, 47.0003, 8), point(2, 47.0006, 8)];
      const checked = validateTrack(points);
      expect(Math.max(...checked.points.map((fix) => knots(fix.speed)))).toBeLessThanOrEqual(limits.trackMaxGroundSpeedKt);
    });
  });
});
