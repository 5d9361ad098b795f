import { dayRangeMessage } from '@skylog/contracts';

export type DayRange = { from: string; to: string };

/** Whether the range's end comes before its start (either may be left empty). */
export const isReversed = (range: DayRange) => Boolean(range.from && range.to && range.from > range.to);

/** From and To days, with the contracts' message when the end comes before the start. */
export function DayRangeInputs({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-end gap-3">
        {(['from', 'to'] as const).map((end) => (
          <label key={end} className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            {end === 'from' ? 'From' : 'To'}
            <input
              type="date"
              value={value[end]}
              aria-invalid={end === 'to' && isReversed(value) ? true : undefined}
              onChange={(event) => onChange({ ...value, [end]: event.target.value })}
              className="rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
          </label>
        ))}
      </div>
      {isReversed(value) ? (
        <p role="alert" className="text-xs text-red-600">
          {dayRangeMessage}
        </p>
      ) : null}
    </div>
  );
}

/** A download of a file the server makes; greyed out (and not a link) while it cannot be made. */
export function DownloadLink({ href, label }: { href: string | null; label: string }) {
  const className = 'rounded-md border border-slate-300 px-3 py-2 text-sm font-medium';
  return href ? (
    <a href={href} download className={`${className} text-slate-700 hover:bg-slate-50`}>
      {label}
    </a>
  ) : (
    <span aria-disabled="true" className={`${className} cursor-not-allowed text-slate-400`}>
      {label}
    </span>
  );
}
