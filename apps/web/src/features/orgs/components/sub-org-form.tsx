import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { SubOrgInput } from '../api/change-sub-org.ts';

type SubOrgFormProps = {
  title: string;
  initial?: SubOrgInput;
  submitLabel: string;
  isPending: boolean;
  error: Error | null;
  onSubmit: (input: SubOrgInput) => void;
  onCancel: () => void;
};

export function SubOrgForm({ title, initial, submitLabel, isPending, error, onSubmit, onCancel }: SubOrgFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name: name.trim(), description: description.trim() || null });
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4 p-6" noValidate>
      <h2 className="text-lg font-semibold">{title}</h2>
      {error ? <Alert tone="error">{error.message}</Alert> : null}
      <TextInput label="Name" value={name} onChange={(event) => setName(event.target.value)} error={fields.name ?? (name.trim() ? undefined : 'Name is required')} />
      <TextInput label="Description" value={description} onChange={(event) => setDescription(event.target.value)} error={fields.description} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending} disabled={!name.trim()}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
