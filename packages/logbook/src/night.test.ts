import { describe, expect, it } from 'vitest';
import { isCivilNight, isNightForCurrency, nightTimeMs, type TimedPosition } from './night.ts';

const minute = 60_000;
/** Night time within a minute and a half of the tables' figure: they are rounded to the minute, at two ends. */
const expectMinutes = (ms: number, minutes: number) => expect(Math.abs(ms / minute - minutes)).toBeLessThan(1.5);
const at = (iso: string, latitude: number, longitude: number): TimedPosition => ({ time: Date.parse(iso), latitude, longitude });

/** A straight track between two places, one fix every 10 s. */
function track(fromIso: string, toIso: string, from: [number, number], to: [number, number]): TimedPosition[] {
  const start = Date.parse(fromIso);
  const end = Date.parse(toIso);
  const points: TimedPosition[] = [];
  for (let time = start; time <= end; time += 10_000) {
    const share = (time - start) / (end - start);
    points.push({ time, latitude: from[0] + (to[0] - from[0]) * share, longitude: from[1] + (to[1] - from[1]) * share });
  }
  return points;
}

// Sunset and civil twilight as sunrise tables give them (to a minute or two), which the library must agree with:
// Santa Monica, 34°N, 15 March 2024: sunset 19:02 PDT (02:02Z), end of civil twilight 19:27 PDT (02:27Z).
describe('at 34°N, a flight crossing sunset', () => {
  const santaMonica: [number, number] = [34.016, -118.451];
  const points = track('2024-03-16T01:30:00Z', '2024-03-16T03:30:00Z', santaMonica, santaMonica);

  it('logs as night only the time after civil twilight ends (14 CFR 1.1)', () => {
    expectMinutes(nightTimeMs(points), 63);
  });

  it('counts a landing for night currency only from 1 hour after sunset (61.57(b))', () => {
    expect(isNightForCurrency(at('2024-03-16T02:55:00Z', ...santaMonica))).toBe(false);
    expect(isCivilNight(at('2024-03-16T02:55:00Z', ...santaMonica))).toBe(true);
    expect(isNightForCurrency(at('2024-03-16T03:10:00Z', ...santaMonica))).toBe(true);
  });

  it('measures only the given interval, such as take-off to landing', () => {
    const from = Date.parse('2024-03-16T02:00:00Z');
    const to = Date.parse('2024-03-16T02:57:00Z');
    expectMinutes(nightTimeMs(points, { from, to }), 30);
  });
});

// Cambridge, 52°N, 1 December 2024: civil dawn 07:07Z, sunrise 07:47Z.
describe('at 52°N, a flight crossing sunrise', () => {
  it('logs the night until civil dawn at the aircraft’s position as it flies', () => {
    const points = track('2024-12-01T06:00:00Z', '2024-12-01T08:00:00Z', [52.2, 0.18], [52.2, 0.18]);
    expectMinutes(nightTimeMs(points), 67);
    // Flying west, the dawn comes later where the aircraft is: 2° of longitude is 8 minutes of the sun's time.
    const westbound = track('2024-12-01T06:00:00Z', '2024-12-01T08:00:00Z', [52.2, 0.18], [52.2, -3.82]);
    expect(nightTimeMs(westbound) / minute).toBeGreaterThan(68);
  });

  it('ends night currency an hour before sunrise', () => {
    expect(isNightForCurrency(at('2024-12-01T06:40:00Z', 52.2, 0.18))).toBe(true);
    expect(isNightForCurrency(at('2024-12-01T06:50:00Z', 52.2, 0.18))).toBe(false);
  });

  it('counts nothing in daylight', () => {
    expect(nightTimeMs(track('2024-12-01T10:00:00Z', '2024-12-01T12:00:00Z', [52.2, 0.18], [51.5, -0.1]))).toBe(0);
  });
});

// Fairbanks, 65°N, 21–22 June 2024: sunset 00:47 AKDT (08:47Z), sunrise 02:58 AKDT (10:58Z); civil twilight lasts all night.
describe('at 65°N in June, where civil twilight never ends', () => {
  const fairbanks: [number, number] = [64.84, -147.72];

  it('logs no night time across the whole night', () => {
    expect(nightTimeMs(track('2024-06-22T06:00:00Z', '2024-06-22T13:00:00Z', fairbanks, fairbanks))).toBe(0);
    expect(isCivilNight(at('2024-06-22T09:50:00Z', ...fairbanks))).toBe(false);
  });

  it('still has the few minutes between sunset + 1 h and sunrise − 1 h for night currency', () => {
    expect(isNightForCurrency(at('2024-06-22T09:40:00Z', ...fairbanks))).toBe(false);
    expect(isNightForCurrency(at('2024-06-22T09:52:00Z', ...fairbanks))).toBe(true);
    expect(isNightForCurrency(at('2024-06-22T10:05:00Z', ...fairbanks))).toBe(false);
  });
});

describe('where the sun does not set or rise that day', () => {
  it('has no night at 69°N in June: the sun never sets', () => {
    const tromso: [number, number] = [69.68, 18.94];
    expect(isNightForCurrency(at('2024-06-21T23:00:00Z', ...tromso))).toBe(false);
    expect(nightTimeMs(track('2024-06-21T20:00:00Z', '2024-06-22T02:00:00Z', tromso, tromso))).toBe(0);
  });

  it('is night all day at 78°N in December: the sun never rises', () => {
    const longyearbyen: [number, number] = [78.22, 15.65];
    expect(isNightForCurrency(at('2024-12-21T11:00:00Z', ...longyearbyen))).toBe(true);
    expect(nightTimeMs(track('2024-12-21T10:00:00Z', '2024-12-21T12:00:00Z', longyearbyen, longyearbyen)) / minute).toBeCloseTo(120, 5);
  });

  it('is 0 for an empty track or an empty interval', () => {
    expect(nightTimeMs([])).toBe(0);
    const points = track('2024-12-21T10:00:00Z', '2024-12-21T12:00:00Z', [78.22, 15.65], [78.22, 15.65]);
    expect(nightTimeMs(points, { from: Date.parse('2024-12-21T11:00:00Z'), to: Date.parse('2024-12-21T11:00:00Z') })).toBe(0);
  });
});
