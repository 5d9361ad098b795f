import { getTimes } from 'suncalc';

/**
 * Night from the sun's position at the aircraft (the astronomy is suncalc's, a kept library).
 *
 * Two different "nights" matter to a logbook:
 * - Night time (14 CFR 1.1 "night"): from the end of evening civil twilight to the beginning of morning civil
 *   twilight, that is while the sun's centre is at or below 6° under the horizon.
 * - Night take-offs and landings for passenger currency (14 CFR 61.57(b)): from 1 hour after sunset to
 *   1 hour before sunrise, which is later in the evening and earlier in the morning.
 */

export type TimedPosition = { time: number; latitude: number; longitude: number };

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const solarDayOverlapMs = 60_000;
/** Night time is integrated on samples at most this far apart; a sun-altitude change takes far longer than that. */
const sampleStepMs = 60_000;
/** A crossing of twilight between two samples is timed by bisection to within this. */
const crossingPrecisionMs = 500;

/**
 * Whether `time` lies outside every daylight interval of the solar days around it at the place: each day's
 * interval runs from its morning event (less `marginMs`) to its evening event (plus `marginMs`).
 *
 * Where the sun never goes down to the event's altitude that day (midnight sun or, for civil twilight, "white
 * nights" such as 65°N in June), the whole solar day is daylight: there is no night that day. Where it never comes
 * up to it (polar night), that day has no daylight interval and every moment of it is night.
 */
function isOutsideDaylight(
  time: number,
  latitude: number,
  longitude: number,
  morning: 'dawn' | 'sunrise',
  evening: 'dusk' | 'sunset',
  marginMs: number,
) {
  for (const offset of [-dayMs, 0, dayMs]) {
    const times = getTimes(new Date(time + offset), latitude, longitude);
    const rise = times[morning];
    const set = times[evening];
    if (rise && set) {
      if (time > rise.getTime() - marginMs && time < set.getTime() + marginMs) return false;
      continue;
    }
    // suncalc solves rise and set from one hour angle: both are null together, and then the sun stays on one side.
    // It flags the side for the standard sunrise altitude (-0.833°); for civil twilight, a sun that rises at all,
    // or never sets, never reaches -6° either.
    const neverDown = morning === 'sunrise' ? times.alwaysUp === true : times.sunrise !== null || times.alwaysUp === true;
    // A solar day is 24 h give or take 30 s: the minute's overlap leaves no gap between two such days.
    const noon = times.solarNoon.getTime();
    if (neverDown && time >= noon - dayMs / 2 - solarDayOverlapMs && time <= noon + dayMs / 2 + solarDayOverlapMs) return false;
  }
  return true;
}

/** Whether the sun is at or below 6° under the horizon at the place and time: night by 14 CFR 1.1. */
export const isCivilNight = (at: TimedPosition): boolean => isOutsideDaylight(at.time, at.latitude, at.longitude, 'dawn', 'dusk', 0);

/**
 * Whether a take-off or landing at this place and time counts toward night currency, 14 CFR 61.57(b): at or
 * after 1 hour after sunset and at or before 1 hour before sunrise, with sunset and sunrise of that place on that
 * date. On a day the sun does not set (69°N in June) no moment counts; on a day it does not rise, every moment does.
 */
export const isNightForCurrency = (at: TimedPosition): boolean =>
  isOutsideDaylight(at.time, at.latitude, at.longitude, 'sunrise', 'sunset', hourMs);

const interpolate = (a: TimedPosition, b: TimedPosition, time: number): TimedPosition => {
  const span = b.time - a.time;
  const share = span > 0 ? (time - a.time) / span : 0;
  return { time, latitude: a.latitude + (b.latitude - a.latitude) * share, longitude: a.longitude + (b.longitude - a.longitude) * share };
};

/** The track's position at `time`, interpolated between its fixes (held at the ends). */
function positionAt(points: TimedPosition[], time: number, from: number): { position: TimedPosition; index: number } {
  let index = from;
  while (index + 1 < points.length && (points[index + 1] as TimedPosition).time <= time) index++;
  const current = points[index] as TimedPosition;
  const next = points[index + 1];
  if (!next || time <= current.time) return { position: { ...current, time }, index };
  return { position: interpolate(current, next, time), index };
}

/**
 * Night time (14 CFR 1.1) of a track in milliseconds, between `from` and `to` (take-off and landing, or any
 * interval; the whole track by default): the time while the sun is at or below -6° at the aircraft's position.
 * Positions between fixes are interpolated, so a long gap in the track is still measured.
 */
export function nightTimeMs(points: TimedPosition[], interval: { from?: number; to?: number } = {}): number {
  const sorted = [...points].sort((a, b) => a.time - b.time);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) return 0;
  const from = Math.max(interval.from ?? first.time, first.time);
  const to = Math.min(interval.to ?? last.time, last.time);
  if (!(to > from)) return 0;

  let total = 0;
  let start = positionAt(sorted, from, 0);
  let startNight = isCivilNight(start.position);
  for (let time = from; time < to;) {
    const endTime = Math.min(time + sampleStepMs, to);
    const end = positionAt(sorted, endTime, start.index);
    const endNight = isCivilNight(end.position);
    if (startNight && endNight) total += endTime - time;
    else if (startNight !== endNight) {
      // Twilight is crossed in this step: bisect for the moment, along the interpolated track.
      let low = time;
      let high = endTime;
      while (high - low > crossingPrecisionMs) {
        const middle = (low + high) / 2;
        if (isCivilNight(positionAt(sorted, middle, start.index).position) === startNight) low = middle;
        else high = middle;
      }
      const crossing = (low + high) / 2;
      total += startNight ? crossing - time : endTime - crossing;
    }
    start = end;
    startNight = endNight;
    time = endTime;
  }
  return total;
}
