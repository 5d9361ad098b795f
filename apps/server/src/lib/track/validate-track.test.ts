import { limits, type TrackPoint } from '@skylog/contracts';
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
    const [first, second, third] = validateTrack(points);
    const north = haversineMetres(points[0]!, points[1]!) / 10;
    expect(first).toMatchObject({ speed: north, heading: 0 });
    expect(second).toMatchObject({ speed: north, heading: 0 });
    expect(third?.speed).toBeCloseTo(haversineMetres(points[1]!, points[2]!) / 10, 9);
    expect(third?.heading).toBeCloseTo(bearingDegrees(points[1]!, points[2]!), 9);
    expect(third?.heading).toBeCloseTo(90, 1);
  });

  it('keeps the speed and heading the recorder gave, and the input untouched', () => {
    const points = [point(0, 47, 8, { speed: 30, heading: 271 }), point(1, 47.0003, 8)];
    const checked = validateTrack(points);
    expect(checked[0]).toMatchObject({ speed: 30, heading: 271 });
    expect(points[1]).toMatchObject({ speed: null, heading: null });
  });

  it('keeps the last direction while the aircraft stands still', () => {
    const checked = validateTrack([point(0, 47, 8), point(1, 47, 8.001), point(2, 47, 8.001)]);
    expect(checked[2]?.speed).toBe(0);
    expect(checked[2]?.heading).toBeCloseTo(90, 1);
  });

  it('drops repeated fixes of the same time, keeping the first', () => {
    const checked = validateTrack([point(0, 47, 8), point(1, 47.001, 8), point(1, 47.002, 8), point(2, 47.003, 8)]);
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
    ['one point', [point(0, 47, 8)], 'A track needs at least two points; this one has 1.'],
    ['no points', [], 'A track needs at least two points; this one has 0.'],
    ['two fixes of one moment', [point(0, 47, 8), point(0, 47.1, 8)], 'A track needs at least two points; this one has 1.'],
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
});
