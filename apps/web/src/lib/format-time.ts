import type { Timezone } from './settings-store.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building an Intl formatter costs far more than using one: a screen of 200 marker times reuses a few. */
function formatterFor(kind: 'date-time' | 'date-time-seconds' | 'time', timezone: Timezone): Intl.DateTimeFormat {
  const key = `${kind}:${timezone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      ...(kind === 'time' ? {} : { year: 'numeric', month: 'short', day: '2-digit' }),
      hour: '2-digit',
      minute: '2-digit',
      ...(kind === 'date-time' ? {} : { second: '2-digit' }),
      hour12: false,
      ...(timezone === 'UTC' ? { timeZone: 'UTC' } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Times as the person chose to read them (settings: Local or UTC, default UTC). */
export function formatDateTime(value: string | number | Date, timezone: Timezone, options: { withSeconds?: boolean } = {}): string {
  const text = formatterFor(options.withSeconds ? 'date-time-seconds' : 'date-time', timezone).format(new Date(value));
  return timezone === 'UTC' ? `${text} UTC` : text;
}

export function formatTimeOfDay(value: string | number | Date, timezone: Timezone): string {
  const text = formatterFor('time', timezone).format(new Date(value));
  return timezone === 'UTC' ? `${text}Z` : text;
}

/** 1:05:09 for an hour and more, 5:09 below. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** 1 h 32 min, 45 min. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const minutes = Math.round(ms / 60000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;
}

/** The instant a day starts in the chosen timezone, for date filters. */
export function startOfDay(isoDate: string, timezone: Timezone): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return (timezone === 'UTC' ? new Date(Date.UTC(year, month - 1, day)) : new Date(year, month - 1, day)).toISOString();
}

/** The IANA name of the chosen timezone, for the server's calendar figures (Local is this browser's zone). */
export function timeZoneName(timezone: Timezone): string {
  return timezone === 'UTC' ? 'UTC' : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Flight hours as a decimal, as logbooks write them: "2.8 h", "12 h". */
export function formatHours(ms: number): string {
  return `${(ms / 3_600_000).toLocaleString('en-GB', { maximumFractionDigits: 1 })} h`;
}
