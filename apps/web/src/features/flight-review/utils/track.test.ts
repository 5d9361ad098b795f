import type { TrackColumns } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { findIndexAtOrBefore, findNearestIndex, getChartData, getTrackPosition } from './track.ts';

const track: TrackColumns = {
  timestamp: [1000, 2000, 3000, 5000],
  latitude: [10, 11, 12, 14],
  longitude: [20, 22, 24, 28],
  altitude: [100, null, 300, 400],
  speed: [50, 51, null, 53],
  heading: [90, 95, 100, 110],
};

describe('looking a time up in the track', () => {
  it('finds the last fix at or before a time, -1 before the first', () => {
    expect(findIndexAtOrBefore(track.timestamp, 999)).toBe(-1);
    expect(findIndexAtOrBefore(track.timestamp, 1000)).toBe(0);
    expect(findIndexAtOrBefore(track.timestamp, 2999)).toBe(1);
    expect(findIndexAtOrBefore(track.timestamp, 4000)).toBe(2);
    expect(findIndexAtOrBefore(track.timestamp, 9000)).toBe(3);
    expect(findIndexAtOrBefore([], 10)).toBe(-1);
  });

  it('finds the nearest fix on either side', () => {
    expect(findNearestIndex(track.timestamp, 0)).toBe(0);
    expect(findNearestIndex(track.timestamp, 1400)).toBe(0);
    expect(findNearestIndex(track.timestamp, 1600)).toBe(1);
    expect(findNearestIndex(track.timestamp, 4100)).toBe(3);
    expect(findNearestIndex(track.timestamp, 99999)).toBe(3);
    expect(findNearestIndex([], 10)).toBe(-1);
  });

  it('stays fast and exact on a three-hour track at 1 Hz', () => {
    const start = Date.UTC(2026, 0, 31, 9);
    const times = Array.from({ length: 10_800 }, (_, index) => start + index * 1000);
    for (const index of [0, 1, 5400, 10_799]) {
      expect(findIndexAtOrBefore(times, times[index]! + 400)).toBe(index);
      expect(findNearestIndex(times, times[index]! + 400)).toBe(index);
    }
  });
});

describe('the aircraft position at a time', () => {
  it('moves in a straight line between two fixes', () => {
    const position = getTrackPosition(track, 1500)!;
    expect(position.latitude).toBeCloseTo(10.5);
    expect(position.longitude).toBeCloseTo(21);
    expect(position.heading).toBe(95);
  });

  it('waits at the first and last fix outside the track', () => {
    expect(getTrackPosition(track, 0)).toMatchObject({ latitude: 10, longitude: 20, altitude: 100 });
    expect(getTrackPosition(track, 99_999)).toMatchObject({ latitude: 14, longitude: 28, altitude: 400 });
  });

  it('has none without a track', () => {
    expect(getTrackPosition({ timestamp: [], latitude: [], longitude: [], altitude: [], speed: [], heading: [] }, 1000)).toBeNull();
  });
});

describe('chart data', () => {
  it('gives epoch seconds, feet and knots, keeping the gaps', () => {
    const data = getChartData(track);
    expect(data.seconds).toEqual([1, 2, 3, 5]);
    expect(data.altitudeFt).toEqual([328, null, 984, 1312]);
    expect(data.speedKt).toEqual([97.2, 99.1, null, 103]);
  });
});
