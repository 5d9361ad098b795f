import { bearingDegrees } from '@skylog/track-formats';
import { describe, expect, it } from 'vitest';
import { buildSyntheticTrack, circuitSegments, departureSegments } from './synthetic-track.ts';
import { feetPerMetre, knotsPerMps } from './track-kinematics.ts';

describe('buildSyntheticTrack', () => {
  it('flies each segment to its target at one fix a second', () => {
    const { points, marks } = buildSyntheticTrack(
      [
        { kind: 'taxi', durationS: 60, speedKt: 10, mark: 'taxi' },
        { kind: 'roll', toSpeedKt: 60, ktPerS: 4, mark: 'roll' },
        { kind: 'climb', toHeightFt: 1000, fpm: 600, mark: 'climb' },
      ],
      { start: 0, fieldElevationFt: 300 },
    );
    expect(points.map((point) => point.timestamp)).toEqual(points.map((_, index) => index * 1000));
    expect(marks).toEqual({
      taxi: { start: 0, end: 60_000 },
      roll: { start: 60_000, end: 73_000 },
      climb: { start: 73_000, end: 173_000 },
    });
    const at = (time: number) => points.find((point) => point.timestamp === time)!;
    expect(at(73_000).speed! * knotsPerMps).toBeCloseTo(60, 9);
    expect(at(73_000).altitude! * feetPerMetre).toBeCloseTo(300, 9);
    expect(at(173_000).altitude! * feetPerMetre).toBeCloseTo(1300, 9);
  });

  it('is deterministic, noise included', () => {
    const segments = [...departureSegments(), ...circuitSegments('')];
    const options = { altitudeNoiseFt: 10, seed: 3 };
    expect(buildSyntheticTrack(segments, options)).toEqual(buildSyntheticTrack(segments, options));
    expect(buildSyntheticTrack(segments, options).points).not.toEqual(buildSyntheticTrack(segments, { ...options, seed: 4 }).points);
  });

  it('leaves speed or altitude out when asked', () => {
    const { points } = buildSyntheticTrack([{ kind: 'taxi', durationS: 5, speedKt: 10 }], { hasSpeed: false, hasAltitude: false });
    expect(points.every((point) => point.speed === null && point.altitude === null)).toBe(true);
  });

  it('starts in flight when asked, and drifts with the wind off the ground: fixes carry ground speed and track', () => {
    const { points } = buildSyntheticTrack([{ kind: 'level', durationS: 10 }], {
      inFlight: { speedKt: 100, heightFt: 3000 },
      wind: { fromDeg: 270, speedKt: 20 },
    });
    const last = points.at(-1)!;
    expect(last.altitude! * feetPerMetre).toBeCloseTo(3000, 9);
    expect(last.speed! * knotsPerMps).toBeCloseTo(Math.hypot(100, 20), 9);
    // Heading north with a west wind: the track bends right by atan(20/100).
    expect(last.heading).toBeCloseTo((Math.atan2(20, 100) * 180) / Math.PI, 9);
    expect(bearingDegrees(points[0]!, last)).toBeCloseTo((Math.atan2(20, 100) * 180) / Math.PI, 3);
  });
});
