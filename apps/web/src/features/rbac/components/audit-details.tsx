import { formatDateTime } from '../../../lib/format-time.ts';
import type { Timezone } from '../../../lib/settings-store.ts';

/** Words for the keys whose own name reads badly; any other key is spelled out from its name. */
const keyLabels: Record<string, string> = { isSelfAccess: 'Own page', httpStatus: 'HTTP status' };

function labelOf(key: string): string {
  if (Object.hasOwn(keyLabels, key)) return keyLabels[key]!;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isInstant = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value));

function textOf(value: unknown, timezone: Timezone): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return isInstant(value) ? formatDateTime(value, timezone, { withSeconds: true }) : value;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((item) => textOf(item, timezone)).join('; ');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, item]) => `${labelOf(key).toLowerCase()} ${textOf(item, timezone)}`)
      .join(', ');
  }
  return String(value);
}

/** Nested objects become their own lines ("From › Org id"), so each line is one fact. */
function linesOf(details: Record<string, unknown>, timezone: Timezone, prefix = ''): [string, string][] {
  return Object.entries(details).flatMap(([key, value]): [string, string][] => {
    const label = prefix ? `${prefix} › ${labelOf(key)}` : labelOf(key);
    if (value && typeof value === 'object' && !Array.isArray(value)) return linesOf(value as Record<string, unknown>, timezone, label);
    return [[label, textOf(value, timezone)]];
  });
}

/** An audit entry's details as "key: value" lines; paths and ids in a fixed-width face. */
export function AuditDetails({ details, timezone }: { details: Record<string, unknown>; timezone: Timezone }) {
  const lines = linesOf(details, timezone);
  if (lines.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs text-slate-700">
      {lines.map(([label, text]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className={/^\/|^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(text) ? 'break-all font-mono' : 'break-words'}>{text}</dd>
        </div>
      ))}
    </dl>
  );
}
