import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { AircraftInput } from '../api/change-aircraft.ts';

type AircraftFormProps = {
  title: string;
  initial?: AircraftInput;
  isPending: boolean;
  error: Error | null;
  onSubmit: (input: AircraftInput) => void;
  onCancel: () => void;
};

export function AircraftForm({ title, initial, isPending, error, onSubmit, onCancel }: AircraftFormProps) {
  const [values, setValues] = useState({
    tail_number: initial?.tail_number ?? '',
    call_sign: initial?.call_sign ?? '',
    type: initial?.type ?? '',
    notes: initial?.notes ?? '',
  });
  const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      tail_number: values.tail_number.trim(),
      call_sign: values.call_sign.trim() || null,
      type: values.type.trim() || null,
      notes: values.notes.trim() || null,
    });
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4 p-6" noValidate>
      <h2 className="text-lg font-semibold">{title}</h2>
      {error ? <Alert tone="error">{error.message}</Alert> : null}
      <TextInput label="Tail number" value={values.tail_number} onChange={set('tail_number')} error={fields.tail_number} autoFocus />
      <TextInput label="Call sign" value={values.call_sign} onChange={set('call_sign')} error={fields.call_sign} />
      <TextInput label="Type" placeholder="e.g. Cessna 172S" value={values.type} onChange={set('type')} error={fields.type} />
      <TextInput label="Notes" value={values.notes} onChange={set('notes')} error={fields.notes} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending} disabled={!values.tail_number.trim()}>
          Save
        </Button>
      </div>
    </form>
  );
}
