import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, formatDuration, formatTimeOfDay, startOfDay } from './format-time.ts';

const instant = Date.parse('2026-05-18T17:05:09Z');

describe('times in the chosen timezone', () => {
  it('writes UTC times with their zone, and Local times in the browser zone', () => {
    expect(formatDateTime(instant, 'UTC')).toBe('18 May 2026, 17:05 UTC');
    expect(formatDateTime(instant, 'UTC', { withSeconds: true })).toBe('18 May 2026, 17:05:09 UTC');
    expect(formatTimeOfDay(instant, 'UTC')).toBe('17:05:09Z');
    const local = new Date(instant);
    const hours = String(local.getHours()).padStart(2, '0');
    expect(formatTimeOfDay(instant, 'Local')).toBe(`${hours}:05:09`);
    expect(formatDateTime(instant, 'Local')).not.toContain('UTC');
  });

  it('keeps each timezone apart when formatters are reused', () => {
    formatDateTime(instant, 'Local');
    expect(formatDateTime(instant, 'UTC')).toBe('18 May 2026, 17:05 UTC');
  });

  it('clocks, durations and the start of a chosen day', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(9000)).toBe('2:30:00');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(45 * 60000)).toBe('45 min');
    expect(formatDuration(91 * 60000)).toBe('1 h 31 min');
    expect(startOfDay('2026-05-18', 'UTC')).toBe('2026-05-18T00:00:00.000Z');
    expect(new Date(startOfDay('2026-05-18', 'Local')).getHours()).toBe(0);
  });
});
