/** Dates of a logbook: 'YYYY-MM-DD' calendar days, with no time of day and no time zone. */

const dayMs = 86_400_000;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const toUtc = (date: string): Date => {
  const match = datePattern.exec(date);
  const parsed = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!parsed || parsed.toISOString().slice(0, 10) !== date) throw new RangeError(`date must be a calendar day YYYY-MM-DD, got "${date}"`);
  return parsed;
};
const fromUtc = (date: Date): string => date.toISOString().slice(0, 10);

/** The day `days` after `date` (before it when negative). */
export const addDays = (date: string, days: number): string => fromUtc(new Date(toUtc(date).getTime() + days * dayMs));

/**
 * The last day of the calendar month `months` after the month of `date`. "Within the preceding N calendar months"
 * (14 CFR 61.56(c), 61.57(c)) runs to the end of a month: what was done on 15 January counts, for 6 calendar
 * months, through 31 July.
 */
export const endOfCalendarMonth = (date: string, months: number): string => {
  const day = toUtc(date);
  return fromUtc(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months + 1, 0)));
};

/** The first day of the calendar month `months` after the month of `date`. */
export const startOfCalendarMonth = (date: string, months: number): string => {
  const day = toUtc(date);
  return fromUtc(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, 1)));
};

/** Throws a RangeError naming the value unless it is a real calendar day. */
export const checkDate = (date: string): string => fromUtc(toUtc(date));
