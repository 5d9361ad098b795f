import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayIn, isDay, isTimeZone, startOfDayIn, startOfMonth, startOfWeek } from './calendar.ts';

describe('calendar', () => {
  it('finds the instant a day begins on either side of a clock change', () => {
    expect(startOfDayIn('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDayIn('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfDayIn('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(startOfDayIn('2026-03-04', 'UTC').toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(startOfDayIn('2026-03-04', 'Asia/Kolkata').toISOString()).toBe('2026-03-03T18:30:00.000Z');
  });

  it('starts a day whose midnight a clock change skips at its first minute', () => {
    // Cuba moves its clocks from 00:00 to 01:00 on the second Sunday of March.
    expect(startOfDayIn('2026-03-08', 'America/Havana').toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });

  it('reads the day at an instant in a zone', () => {
    expect(dayIn(new Date('2026-03-01T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-02');
    expect(dayIn(new Date('2026-03-01T23:30:00Z'), 'UTC')).toBe('2026-03-01');
  });

  it('counts weeks from Monday and months from the first', () => {
    expect(startOfWeek('2026-03-04')).toBe('2026-03-02');
    expect(startOfWeek('2026-03-08')).toBe('2026-03-02');
    expect(startOfWeek('2026-03-02')).toBe('2026-03-02');
    expect(startOfMonth('2026-03-31')).toBe('2026-03-01');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('tells days and zones from other text', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('26-2-3')).toBe(false);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
