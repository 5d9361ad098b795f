import { useId, type SelectHTMLAttributes } from 'react';

type SelectInputProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean }>;
  error?: string | undefined;
};

/** A labelled select; like TextInput, its error shows under it with a red border. */
export function SelectInput({ label, options, error, id, className = '', ...props }: SelectInputProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        className={`min-w-0 max-w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? <p className="text-xs text-red-600">{error}</p> : null}
    </div>
  );
}
