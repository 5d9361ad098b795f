import { addDays, checkDate, endOfCalendarMonth } from './calendar.ts';
import type { CategoryClass, LogbookEntry } from './logbook-entry.ts';

/**
 * One currency as of a date: whether the pilot is current, the last day they are (or were) current, and the day
 * it lapses (or lapsed). Both dates are null when nothing in the logbook ever made the pilot current.
 */
export type Currency = {
  rule: '61.57(a)' | '61.57(b)' | '61.57(c)' | '61.56';
  current: boolean;
  currentThrough: string | null;
  lapsesOn: string | null;
  /** Current, but lapsing within the warning period (61.56: 30 days). */
  lapsingSoon: boolean;
};

/** 14 CFR 61.57(a) and (b): "within the preceding 90 days". */
const passengerWindowDays = 90;
/** 14 CFR 61.57(a)(1) and (b)(1): three take-offs and three landings. */
const passengerCount = 3;
/** 14 CFR 61.57(c)(1): six approaches, holding, intercepting and tracking courses, within 6 calendar months. */
const instrumentApproaches = 6;
const instrumentCalendarMonths = 6;
/** 14 CFR 61.57(d): for 6 calendar months after lapsing, instrument currency can be regained by flying the tasks. */
const instrumentGraceCalendarMonths = 6;
/** 14 CFR 61.56(c): a flight review within the preceding 24 calendar months. */
const flightReviewCalendarMonths = 24;
/** Skylog warns this many days before a flight review lapses. */
const flightReviewWarningDays = 30;

const sum = (values: (number | undefined)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);

/**
 * The latest date from which the entries, summed from the newest back, meet every requirement (each
 * contribution reaching its required count); null when the entries never do.
 */
function metSince(entries: LogbookEntry[], contributions: (entry: LogbookEntry) => number[], required: number[]): string | null {
  const totals = required.map(() => 0);
  for (const entry of [...entries].sort((a, b) => b.date.localeCompare(a.date))) {
    contributions(entry).forEach((value, index) => (totals[index] = (totals[index] ?? 0) + value));
    if (totals.every((total, index) => total >= (required[index] ?? 0))) return entry.date;
  }
  return null;
}

const currencyAsOf = (rule: Currency['rule'], asOf: string, currentThrough: string | null, warningDays = 0): Currency => {
  const current = currentThrough !== null && asOf <= currentThrough;
  return {
    rule,
    current,
    currentThrough,
    lapsesOn: currentThrough && addDays(currentThrough, 1),
    lapsingSoon: current && currentThrough !== null && warningDays > 0 && asOf >= addDays(currentThrough, -warningDays),
  };
};

export type PassengerCurrencyOptions = { asOf: string; categoryClass: CategoryClass; tailwheel?: boolean };

/**
 * 14 CFR 61.57(a): to carry passengers, three take-offs and three landings within the preceding 90 days, as the
 * sole manipulator of the controls, in the same category and class; in a tailwheel airplane, landings to a full
 * stop in a tailwheel airplane. Current through the 90th day after the day the third landing was made.
 */
export function dayPassengerCurrency(entries: LogbookEntry[], options: PassengerCurrencyOptions): Currency {
  const asOf = checkDate(options.asOf);
  const relevant = entries.filter(
    (entry) => entry.date <= asOf && entry.categoryClass === options.categoryClass && (!options.tailwheel || entry.tailwheel === true),
  );
  const landings = (entry: LogbookEntry) =>
    options.tailwheel
      ? sum([entry.dayFullStopLandings, entry.nightFullStopLandings])
      : (entry.landings ?? sum([entry.dayFullStopLandings, entry.nightFullStopLandings]));
  const since = metSince(relevant, (entry) => [sum([entry.dayTakeoffs, entry.nightTakeoffs]), landings(entry)], [
    passengerCount,
    passengerCount,
  ]);
  return currencyAsOf('61.57(a)', asOf, since && addDays(since, passengerWindowDays));
}

/**
 * 14 CFR 61.57(b): to carry passengers at night (1 hour after sunset to 1 hour before sunrise), three take-offs
 * and three landings to a full stop in that period within the preceding 90 days, in the same category and class
 * (and a tailwheel airplane for a tailwheel airplane).
 */
export function nightPassengerCurrency(entries: LogbookEntry[], options: PassengerCurrencyOptions): Currency {
  const asOf = checkDate(options.asOf);
  const relevant = entries.filter(
    (entry) => entry.date <= asOf && entry.categoryClass === options.categoryClass && (!options.tailwheel || entry.tailwheel === true),
  );
  const since = metSince(relevant, (entry) => [entry.nightTakeoffs ?? 0, entry.nightFullStopLandings ?? 0], [
    passengerCount,
    passengerCount,
  ]);
  return currencyAsOf('61.57(b)', asOf, since && addDays(since, passengerWindowDays));
}

export type InstrumentCurrency = Currency & {
  /** How a pilot who is not current regains it: by flying the tasks (with a safety pilot) during the 6 calendar months after the lapse, then only an IPC. */
  toRegain: 'experience' | 'instrument-proficiency-check' | null;
};

/**
 * 14 CFR 61.57(c)(1): within the 6 calendar months preceding the month of the flight, six instrument approaches,
 * holding procedures and intercepting and tracking courses. 61.57(d): once those 6 calendar months have passed,
 * the tasks may still be flown for another 6 calendar months; after that only an instrument proficiency check
 * restores currency. With no check in the logbook, its first entries are taken to start from a current pilot
 * (the history before it is unknown).
 */
export function instrumentCurrency(entries: LogbookEntry[], options: { asOf: string }): InstrumentCurrency {
  const asOf = checkDate(options.asOf);
  const relevant = entries
    .filter((entry) => entry.date <= asOf && (entry.instrumentProficiencyCheck || entry.approaches || entry.holds || entry.courseTracking))
    .sort((a, b) => a.date.localeCompare(b.date));
  let currentThrough: string | null = null;
  const later = (date: string) => (currentThrough === null || date > currentThrough ? date : currentThrough);
  let needsCheck = false;
  for (const [index, entry] of relevant.entries()) {
    if (currentThrough !== null && entry.date > endOfCalendarMonth(currentThrough, instrumentGraceCalendarMonths)) needsCheck = true;
    if (entry.instrumentProficiencyCheck) {
      currentThrough = later(endOfCalendarMonth(entry.date, instrumentCalendarMonths));
      needsCheck = false;
    } else if (!needsCheck) {
      const since = metSince(
        relevant.slice(0, index + 1),
        (flown) => [flown.approaches ?? 0, flown.holds ?? 0, flown.courseTracking ? 1 : 0],
        [instrumentApproaches, 1, 1],
      );
      if (since) currentThrough = later(endOfCalendarMonth(since, instrumentCalendarMonths));
    }
  }
  const currency = currencyAsOf('61.57(c)', asOf, currentThrough);
  const inGrace = currentThrough !== null && asOf <= endOfCalendarMonth(currentThrough, instrumentGraceCalendarMonths);
  const toRegain = currency.current ? null : inGrace || currentThrough === null ? 'experience' : 'instrument-proficiency-check';
  return { ...currency, toRegain };
}

/**
 * 14 CFR 61.56(c): a flight review (or a practical test for a certificate or rating, 61.56(d)) within the 24
 * calendar months preceding the month of the flight: current through the last day of the 24th month after the
 * review's month. Skylog warns from 30 days before.
 */
export function flightReviewCurrency(entries: LogbookEntry[], options: { asOf: string }): Currency {
  const asOf = checkDate(options.asOf);
  const latest = entries
    .filter((entry) => entry.flightReview && entry.date <= asOf)
    .map((entry) => entry.date)
    .sort()
    .at(-1);
  return currencyAsOf('61.56', asOf, latest ? endOfCalendarMonth(latest, flightReviewCalendarMonths) : null, flightReviewWarningDays);
}
