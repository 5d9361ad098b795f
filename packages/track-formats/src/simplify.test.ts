import { limits, type TrackPoint } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { simplifyTrack, toOverviewPair } from './simplify.ts';

const fix = (index: number, latitude: number, longitude: number): TrackPoint => ({
  timestamp: Date.UTC(2024, 4, 1) + index * 1000,
  latitude,
  longitude,
  altitude: null,
  accuracy: null,
  heading: null,
  speed: null,
});

/** Pattern work: laps of a rectangular circuit with a little GPS noise, 1 Hz. */
const circuits = (count: number): TrackPoint[] =>
  Array.from({ length: count }, (_, index) => {
    const along = (index % 600) / 600;
    const side = Math.floor(along * 4);
    const step = along * 4 - side;
    const positionOnSide: [number, number][] = [
      [step, 0],
      [1, step],
      [1 - step, 1],
      [0, 1 - step],
    ];
    const [x, y] = positionOnSide[side]!;
    const noise = Math.sin(index * 12.9898) * 0.00001;
    return fix(index, 47.45 + y * 0.02 + noise, 8.55 + x * 0.03 - noise);
  });

const isSubsequence = (pairs: [number, number][], points: TrackPoint[]) => {
  let index = 0;
  for (const [latitude, longitude] of pairs) {
    while (index < points.length && toOverviewPair(points[index]!).join() !== [latitude, longitude].join()) index++;
    if (index === points.length) return false;
    index++;
  }
  return true;
};

describe('simplifyTrack', () => {
  it('gives short tracks back whole, as [latitude, longitude]', () => {
    const points = [fix(0, 47, 8), fix(1, 47.1, 8.1), fix(2, 47.2, 8)];
    expect(simplifyTrack(points)).toEqual([
      [47, 8],
      [47.1, 8.1],
      [47.2, 8],
    ]);
    expect(simplifyTrack([])).toEqual([]);
  });

  it('gives coordinates to five decimals, about a metre', () => {
    expect(simplifyTrack([fix(0, 47.458123456, 8.548198765), fix(1, -33.946111119, -151.177222221)])).toEqual([
      [47.45812, 8.5482],
      [-33.94611, -151.17722],
    ]);
  });

  it('keeps the corners and the ends, and drops the points between them', () => {
    const leg = (count: number, from: [number, number], to: [number, number], offset: number) =>
      Array.from({ length: count }, (_, index) =>
        fix(offset + index, from[0] + ((to[0] - from[0]) * index) / count, from[1] + ((to[1] - from[1]) * index) / count),
      );
    const points = [...leg(100, [47, 8], [47.1, 8], 0), ...leg(100, [47.1, 8], [47.1, 8.2], 100), fix(200, 47.1, 8.2)];
    expect(simplifyTrack(points, 10)).toEqual([
      [47, 8],
      [47.1, 8],
      [47.1, 8.2],
    ]);
  });

  it('keeps a circuit that ends where it began', () => {
    const overview = simplifyTrack(circuits(601), 5);
    expect(overview).toHaveLength(5);
    // The four corners of the circuit, the last one being the first again.
    expect(overview.map(([latitude, longitude]) => [latitude.toFixed(3), longitude.toFixed(3)])).toEqual([
      ['47.450', '8.550'],
      ['47.450', '8.580'],
      ['47.470', '8.580'],
      ['47.470', '8.550'],
      ['47.450', '8.550'],
    ]);
  });

  it('fits 200,000 points into the overview without overflowing the stack, from the track, first and last kept', () => {
    const points = circuits(limits.trackMaxPoints);
    const overview = simplifyTrack(points);
    expect(overview.length).toBeLessThanOrEqual(limits.trackOverviewMaxPoints);
    expect(overview.length).toBeGreaterThan(limits.trackOverviewMaxPoints / 2);
    expect(overview[0]).toEqual(toOverviewPair(points[0]!));
    expect(overview.at(-1)).toEqual(toOverviewPair(points.at(-1)!));
    expect(isSubsequence(overview, points)).toBe(true);
  });

  it('passes over a long stop in one place', () => {
    const parked = Array.from({ length: 100_000 }, (_, index) => fix(index, 47.4581, 8.5481));
    const overview = simplifyTrack([...parked, ...circuits(1200)], 50);
    expect(overview.length).toBeLessThanOrEqual(50);
    expect(overview[0]).toEqual([47.4581, 8.5481]);
  });

  it('gives more detail the more points it may keep', () => {
    const points = circuits(3000);
    const sizes = [2, 10, 100, 1000].map((maxPoints) => simplifyTrack(points, maxPoints).length);
    sizes.forEach((size, index) => expect(size).toBeLessThanOrEqual([2, 10, 100, 1000][index]!));
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(simplifyTrack(points, 0)).toHaveLength(2);
  });
});
