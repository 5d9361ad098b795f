import { describe, expect, it } from 'vitest';
import { clipLine, clipRing, getBoundingBox, isOverlapping, simplifyPath, toLatLngs } from './geometry.ts';

/** The unit square as a box. */
const square = { south: 0, west: 0, north: 1, east: 1 };

/** Shoelace: the area a flat ring encloses. */
const areaOf = (ring: number[]) => {
  let twice = 0;
  for (let i = 0; i + 3 < ring.length; i += 2) twice += ring[i]! * ring[i + 3]! - ring[i + 2]! * ring[i + 1]!;
  return Math.abs(twice) / 2;
};

describe('map geometry: clipping to the asked box', () => {
  it('keeps the pieces of a line inside the box, cut where it crosses an edge', () => {
    // In from the left, out at the top, back in from the top, ending inside.
    const line = [-1, 0.5, 0.5, 0.5, 0.5, 2, 0.8, 2, 0.8, 0.2];
    expect(clipLine(line, square)).toEqual([
      [0, 0.5, 0.5, 0.5, 0.5, 1],
      [0.8, 1, 0.8, 0.2],
    ]);
    // Wholly outside, or passing by a corner without entering.
    expect(clipLine([2, 2, 3, 3, -1, 2], square)).toEqual([]);
    expect(clipLine([-0.5, 0.5, 0.5, 1.5], square)).toEqual([[0, 1, 0, 1]]);
    // Wholly inside: unchanged.
    expect(clipLine([0.1, 0.1, 0.9, 0.9], square)).toEqual([[0.1, 0.1, 0.9, 0.9]]);
  });

  it('clips a ring to the box for filling: what lies inside keeps its area, the rest follows the edges', () => {
    // A square twice the box, centred on its corner (0, 0): a quarter of it covers the box.
    const big = [-1, -1, 1, -1, 1, 1, -1, 1, -1, -1];
    const clipped = clipRing(big, square);
    expect(areaOf(clipped)).toBeCloseTo(1);
    for (let i = 0; i < clipped.length; i += 2) {
      expect(clipped[i]).toBeGreaterThanOrEqual(0);
      expect(clipped[i + 1]).toBeLessThanOrEqual(1);
    }
    // Closed: the last point repeats the first.
    expect(clipped.slice(-2)).toEqual(clipped.slice(0, 2));
    // A triangle over the middle of the box keeps its own area.
    const triangle = [0.2, 0.2, 0.8, 0.2, 0.5, 0.8, 0.2, 0.2];
    expect(areaOf(clipRing(triangle, square))).toBeCloseTo(0.18);
    // A ring elsewhere leaves nothing.
    expect(clipRing([2, 2, 3, 2, 3, 3, 2, 2], square)).toEqual([]);
  });

  it('tells boxes that overlap from boxes that do not', () => {
    expect(getBoundingBox([0.5, -1, 2, 0.5])).toEqual([0.5, -1, 2, 0.5]);
    expect(isOverlapping([0.5, -1, 2, 0.5], square)).toBe(true);
    expect(isOverlapping([1.1, 0, 2, 1], square)).toBe(false);
  });
});

describe('map geometry: simplifying and sending', () => {
  it('drops points closer to the line than the tolerance, keeping the ends and the corners', () => {
    const wiggly = [0, 0, 1, 0.001, 2, -0.001, 3, 0, 3, 1];
    expect(simplifyPath(wiggly, 0.01)).toEqual([0, 0, 3, 0, 3, 1]);
    expect(simplifyPath(wiggly, 0.0001)).toEqual(wiggly);
    // A closed ring (first point repeated last) keeps its shape.
    const ring = [0, 0, 1, 0, 1, 1, 0, 1, 0, 0];
    expect(simplifyPath(ring, 0.01)).toEqual(ring);
  });

  it('sends [lat, lng] pairs rounded to 1e-4 degrees', () => {
    expect(toLatLngs([-122.114998, 37.461102, -121.84418, 36.586777])).toEqual([
      [37.4611, -122.115],
      [36.5868, -121.8442],
    ]);
  });
});
