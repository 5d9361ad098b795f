import { trackImportNotices } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { parseTrackFile } from './parse-track-file.ts';
import { spreadTimes } from './spread-times.ts';

const at = (latitude: number) => ({ latitude, longitude: 8, altitude: 400, accuracy: null, heading: null, speed: 99 });
const takeoff = Date.parse('2024-07-01T10:00:00Z');

describe('spreadTimes', () => {
  it('spaces the points along the path at one ground speed between take-off and landing', () => {
    // Legs of 0.01°, 0.03° and 0.01° of latitude: a fifth, three fifths and a fifth of the way.
    const points = spreadTimes([at(47), at(47.01), at(47.04), at(47.05)], takeoff, takeoff + 500_000);
    expect(points.map((point) => (point.timestamp - takeoff) / 1000)).toEqual([0, 100, 400, 500]);
    expect(points.every((point) => point.speed === null)).toBe(true);
  });

  it('spreads a path that never moves evenly by point', () => {
    expect(spreadTimes([at(47), at(47), at(47)], takeoff, takeoff + 60_000).map((point) => point.timestamp - takeoff)).toEqual([0, 30_000, 60_000]);
  });

  it('refuses times that would have the path flown faster than any trainer', () => {
    expect(() => spreadTimes([at(47), at(48)], takeoff, takeoff + 60_000)).toThrow(
      "Between the take-off and landing times given the path would be flown at 3602 kt, over the 600 kt a school's aircraft can fly; check the times.",
    );
  });

  it('imports an untimed GPX route with the times given, and says its times are estimated', () => {
    const gpx = `<gpx version="1.1"><rte>${[47, 47.01, 47.02, 47.03].map((latitude) => `<rtept lat="${latitude}" lon="8"/>`).join('')}</rte></gpx>`;
    const imported = parseTrackFile('route.gpx', Buffer.from(gpx), { takeoffMs: takeoff, landingMs: takeoff + 360_000 });
    expect(imported.timesEstimated).toBe(true);
    expect(imported.notices).toEqual([trackImportNotices.timesEstimated]);
    expect(imported.points.map((point) => point.timestamp - takeoff)).toEqual([0, 120_000, 240_000, 360_000]);
  });

  it('keeps the times of a track that has its own, and says the ones given were not used', () => {
    const csv = 'time,lat,lon\n2024-07-01T09:00:00Z,47,8\n2024-07-01T09:00:10Z,47.001,8\n2024-07-01T09:00:20Z,47.002,8\n';
    const imported = parseTrackFile('logger.csv', Buffer.from(csv), { takeoffMs: takeoff, landingMs: takeoff + 360_000 });
    expect(imported.timesEstimated).toBe(false);
    expect(imported.points[0]!.timestamp).toBe(Date.parse('2024-07-01T09:00:00Z'));
    expect(imported.notices).toEqual([trackImportNotices.timesIgnored]);
  });
});
