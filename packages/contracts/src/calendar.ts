/**
 * Days (YYYY-MM-DD) and the instants they start at in a time zone, for figures "this week" and "this
 * month" that must match the flights list's date filter in the reader's timezone. Weeks start on Monday
 * (ISO 8601), as flight schools' rosters do outside North America.
 */

export const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A day of the calendar written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const ms = utcOfDay(value);
  return !Number.isNaN(ms) && dayOfUtc(ms) === value;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An IANA time zone this runtime knows ("UTC", "Europe/Berlin"). */
export function isTimeZone(name: string): boolean {
  try {
    partsFormatter(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time in the zone at an instant, as if it were UTC (milliseconds). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(partsFormatter(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

const utcOfDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOfUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The instant a day begins in the zone (its first existing minute where a clock change skips midnight). */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnight = utcOfDay(day);
  const offsetAt = (instant: number) => wallClockMs(instant, timeZone) - instant;
  // Midnight with the offset of either side of a nearby clock change: the earliest that is still this day.
  const first = midnight - offsetAt(midnight);
  const second = midnight - offsetAt(first);
  const candidates = [first, second].filter((instant) => dayOfUtc(wallClockMs(instant, timeZone)) === day);
  return new Date(Math.min(...candidates));
}

/** A days filter (`from` to `to`, both included, either open) as the instants a flights list filters by. */
export function instantsOfDays(days: { from?: string | undefined; to?: string | undefined }, timeZone: string) {
  return {
    from: days.from ? startOfDayIn(days.from, timeZone).toISOString() : undefined,
    to: days.to ? startOfDayIn(addDays(days.to, 1), timeZone).toISOString() : undefined,
  };
}

/** The day it is in the zone at an instant. */
export function dayIn(instant: Date, timeZone: string): string {
  return dayOfUtc(wallClockMs(instant.getTime(), timeZone));
}

export function addDays(day: string, days: number): string {
  return dayOfUtc(utcOfDay(day) + days * 86_400_000);
}

/** Monday of the day's week. */
export function startOfWeek(day: string): string {
  const weekday = (new Date(utcOfDay(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the month `months` away from the day's month. */
export function addMonths(day: string, months: number): string {
  const date = new Date(utcOfDay(startOfMonth(day)));
  date.setUTCMonth(date.getUTCMonth() + months);
  return dayOfUtc(date.getTime());
}
