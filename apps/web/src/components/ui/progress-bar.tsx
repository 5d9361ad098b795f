/**
 * A labelled progress bar (0–1); `label` says what is in progress, e.g. "Uploading audio: 42%". `valueText` says the
 * amount in words instead of the percentage ("12.5 of 40 hours"), to the eye and to screen readers.
 */
export function ProgressBar({ value, label, valueText }: { value: number; label: string; valueText?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between gap-2 text-xs text-slate-600">
        <span>{label}</span>
        <span className="whitespace-nowrap">{valueText ?? `${percent}%`}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
        className="h-2 overflow-hidden rounded bg-slate-200"
      >
        <div className="h-full rounded bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
