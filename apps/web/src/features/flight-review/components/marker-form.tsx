import { limits } from '@skylog/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import type { MarkerLook } from '../utils/markers.ts';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';

export type MarkerFormValues = { markerID: number; notes: string };

type MarkerFormProps = {
  title: string;
  timeLabel: string;
  looks: readonly MarkerLook[];
  initial: MarkerFormValues;
  isPending: boolean;
  error: Error | null;
  /** The message for a failed save: contracts' `manualMarkersFailed` when adding, `storeMarkersFailed` when editing. */
  failureText: string;
  onSubmit: (values: MarkerFormValues) => void;
  onCancel: () => void;
};

export function MarkerForm({ title, timeLabel, looks, initial, isPending, error, failureText, onSubmit, onCancel }: MarkerFormProps) {
  const [values, setValues] = useState(initial);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ markerID: values.markerID, notes: values.notes.trim() });
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4 p-6" noValidate>
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-slate-600">At {timeLabel}</p>
      </div>
      {error ? (
        <Alert tone="error">
          {failureText}: {error.message}
        </Alert>
      ) : null}
      <SelectInput
        label="Category"
        options={looks.map((look) => ({ value: String(look.key), label: look.text }))}
        value={String(values.markerID)}
        onChange={(event) => setValues({ ...values, markerID: Number(event.target.value) })}
      />
      <TextareaField
        label="Notes"
        value={values.notes}
        maxLength={limits.markerNoteMaxLength}
        onChange={(event) => setValues({ ...values, notes: event.target.value })}
        autoFocus
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
