import { useId } from 'react';

export type RadioOption = { value: string; label: string };

type RadioGroupProps = {
  label: string;
  name: string;
  options: readonly RadioOption[];
  value: string | boolean | null | undefined;
  error?: string | undefined;
  onChange: (value: string | boolean) => void;
};

/** The values 'true' and 'false' become booleans on change; others stay strings. */
export function toRadioValue(raw: string): string | boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return raw;
}

export function RadioGroup({ label, name, options, value, error, onChange }: RadioGroupProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={String(value) === option.value}
              onChange={(event) => onChange(toRadioValue(event.target.value))}
              className="h-4 w-4 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
