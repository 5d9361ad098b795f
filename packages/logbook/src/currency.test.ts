import { describe, expect, it } from 'vitest';
import { addDays, endOfCalendarMonth } from './calendar.ts';
import { dayPassengerCurrency, flightReviewCurrency, instrumentCurrency, nightPassengerCurrency } from './currency.ts';
import type { LogbookEntry } from './logbook-entry.ts';

const sel = 'airplane single-engine land';
let nextId = 0;
const entry = (date: string, fields: Partial<LogbookEntry> = {}): LogbookEntry => ({
  id: `e${++nextId}`,
  date,
  categoryClass: sel,
  totalHours: 1,
  ...fields,
});

describe('calendar months', () => {
  it('end at the end of a month, whatever the day and the year', () => {
    expect(endOfCalendarMonth('2024-01-15', 6)).toBe('2024-07-31');
    expect(endOfCalendarMonth('2024-08-31', 6)).toBe('2025-02-28');
    expect(endOfCalendarMonth('2022-02-01', 24)).toBe('2024-02-29');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('refuse a date that is not a calendar day', () => {
    expect(() => endOfCalendarMonth('2024-02-30', 1)).toThrow(/YYYY-MM-DD/);
  });
});

describe('day passenger currency, 14 CFR 61.57(a)', () => {
  // The three most recent take-offs and landings go back to 5 January: current through the 90th day after,
  // 4 April (2024 is a leap year). The older ones of December do not matter.
  const entries = [
    entry('2023-12-20', { dayTakeoffs: 5, landings: 5 }),
    entry('2024-01-05', { dayTakeoffs: 2, landings: 2 }),
    entry('2024-01-10', { dayTakeoffs: 1, landings: 1 }),
  ];

  it('is current on the day before it lapses and not on the day it lapses', () => {
    expect(dayPassengerCurrency(entries, { asOf: '2024-04-04', categoryClass: sel })).toEqual({
      rule: '61.57(a)',
      current: true,
      currentThrough: '2024-04-04',
      lapsesOn: '2024-04-05',
      lapsingSoon: false,
    });
    expect(dayPassengerCurrency(entries, { asOf: '2024-04-05', categoryClass: sel }).current).toBe(false);
  });

  it('counts only the same category and class', () => {
    const other = [entry('2024-01-10', { categoryClass: 'airplane multiengine land', dayTakeoffs: 3, landings: 3 })];
    expect(dayPassengerCurrency(other, { asOf: '2024-01-11', categoryClass: sel })).toMatchObject({ current: false, currentThrough: null });
  });

  it('needs full-stop landings in a tailwheel airplane: touch-and-goes do not count', () => {
    const tailwheel = [entry('2024-01-10', { tailwheel: true, dayTakeoffs: 3, landings: 3, dayFullStopLandings: 1 })];
    expect(dayPassengerCurrency(tailwheel, { asOf: '2024-01-11', categoryClass: sel, tailwheel: true }).current).toBe(false);
    expect(dayPassengerCurrency(tailwheel, { asOf: '2024-01-11', categoryClass: sel }).current).toBe(true);
    const fullStops = [...tailwheel, entry('2024-01-12', { tailwheel: true, dayTakeoffs: 2, landings: 2, nightFullStopLandings: 2 })];
    expect(dayPassengerCurrency(fullStops, { asOf: '2024-01-13', categoryClass: sel, tailwheel: true }).currentThrough).toBe('2024-04-09');
  });

  it('ignores flights after the as-of date', () => {
    expect(dayPassengerCurrency(entries, { asOf: '2023-12-19', categoryClass: sel }).current).toBe(false);
  });
});

describe('night passenger currency, 14 CFR 61.57(b)', () => {
  it('needs three night take-offs and three night full-stop landings', () => {
    const entries = [
      entry('2024-03-01', { nightTakeoffs: 3, nightFullStopLandings: 2, landings: 3 }),
      entry('2024-03-03', { nightTakeoffs: 1, nightFullStopLandings: 1 }),
    ];
    // The third night full-stop landing back is on 1 March: current through 30 May, the 90th day after.
    const currency = nightPassengerCurrency(entries, { asOf: '2024-05-30', categoryClass: sel });
    expect(currency).toMatchObject({ current: true, currentThrough: '2024-05-30', lapsesOn: '2024-05-31' });
    expect(nightPassengerCurrency(entries, { asOf: '2024-05-31', categoryClass: sel }).current).toBe(false);
    expect(nightPassengerCurrency(entries.slice(0, 1), { asOf: '2024-03-02', categoryClass: sel }).current).toBe(false);
  });
});

describe('instrument currency, 14 CFR 61.57(c) and (d)', () => {
  const tasks = [entry('2024-01-20', { approaches: 4, holds: 1 }), entry('2024-02-10', { approaches: 2, courseTracking: true })];

  it('lasts 6 calendar months after the month of the oldest task it needs: through 31 July, not 1 August', () => {
    expect(instrumentCurrency(tasks, { asOf: '2024-07-31' })).toMatchObject({
      current: true,
      currentThrough: '2024-07-31',
      toRegain: null,
    });
    expect(instrumentCurrency(tasks, { asOf: '2024-08-01' })).toMatchObject({
      current: false,
      lapsesOn: '2024-08-01',
      toRegain: 'experience',
    });
  });

  it('needs holding and course tracking as well as six approaches', () => {
    expect(instrumentCurrency([entry('2024-01-20', { approaches: 6 })], { asOf: '2024-01-21' })).toMatchObject({
      current: false,
      currentThrough: null,
    });
  });

  it('can be regained by flying the tasks in the 6 calendar months after it lapses', () => {
    const regained = [...tasks, entry('2025-01-31', { approaches: 6, holds: 1, courseTracking: true })];
    expect(instrumentCurrency(regained, { asOf: '2025-02-01' })).toMatchObject({ current: true, currentThrough: '2025-07-31' });
  });

  it('needs an instrument proficiency check once the grace period has passed', () => {
    // Lapsed on 1 August 2024; the grace period runs to 31 January 2025.
    const late = [...tasks, entry('2025-02-01', { approaches: 6, holds: 1, courseTracking: true })];
    expect(instrumentCurrency(late, { asOf: '2025-01-31' }).toRegain).toBe('experience');
    expect(instrumentCurrency(late, { asOf: '2025-02-01' })).toMatchObject({
      current: false,
      currentThrough: '2024-07-31',
      toRegain: 'instrument-proficiency-check',
    });
    const checked = [...late, entry('2025-02-15', { instrumentProficiencyCheck: true })];
    expect(instrumentCurrency(checked, { asOf: '2025-02-15' })).toMatchObject({ current: true, currentThrough: '2025-08-31' });
  });
});

describe('flight review, 14 CFR 61.56', () => {
  const entries = [entry('2022-03-15', { flightReview: true }), entry('2023-01-01')];

  it('lasts 24 calendar months after the review’s month: through 31 March 2024, lapsed on 1 April', () => {
    expect(flightReviewCurrency(entries, { asOf: '2024-03-31' })).toMatchObject({
      current: true,
      currentThrough: '2024-03-31',
      lapsesOn: '2024-04-01',
    });
    expect(flightReviewCurrency(entries, { asOf: '2024-04-01' })).toMatchObject({ current: false, lapsingSoon: false });
  });

  it('warns from 30 days before it lapses', () => {
    expect(flightReviewCurrency(entries, { asOf: '2024-02-29' }).lapsingSoon).toBe(false);
    expect(flightReviewCurrency(entries, { asOf: '2024-03-01' }).lapsingSoon).toBe(true);
  });

  it('is not current with no review in the logbook', () => {
    expect(flightReviewCurrency([entry('2024-01-01')], { asOf: '2024-01-02' })).toMatchObject({
      current: false,
      currentThrough: null,
      lapsesOn: null,
    });
  });
});
