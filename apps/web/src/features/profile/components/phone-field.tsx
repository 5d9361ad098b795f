import { defaultPhoneCountry } from '@skylog/contracts';
import { useId } from 'react';
import PhoneInput from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import 'react-phone-number-input/style.css';

type PhoneFieldProps = { value: string; error?: string | undefined; onChange: (value: string) => void; onBlur: () => void };

/**
 * Phone with a country selector: US by default, international format, every territory plus
 * 'International'. Flags are bundled SVGs, never loaded from the internet.
 */
export function PhoneField({ value, error, onChange, onBlur }: PhoneFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Phone
      </label>
      <PhoneInput
        id={id}
        international
        defaultCountry={defaultPhoneCountry as 'US'}
        flags={flags}
        value={value}
        onChange={(next) => onChange(next ?? '')}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`rounded-md border px-3 py-2 text-sm shadow-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
        numberInputProps={{ className: 'outline-none bg-transparent', 'data-testid': 'phone-input' }}
        countrySelectProps={{ 'aria-label': 'Phone country' }}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
