import { zodResolver } from '@hookform/resolvers/zod';
import { logbookEntryCreateSchema, logbookFieldLabels, logbookFieldNames } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { paths } from '../../../config/paths.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useCreateEntry } from '../api/change-entry.ts';
import { asNumber, asOptionalText, categoryOptions } from './entry-values.ts';

type CreateInput = z.input<typeof logbookEntryCreateSchema>;
type CreateOutput = z.output<typeof logbookEntryCreateSchema>;

/** An entry typed by hand (a simulator session, a flight from before Skylog); the entry's own screen takes the rest. */
export function AddEntryDialog({ personId, isOpen, onClose }: { personId: string; isOpen: boolean; onClose: () => void }) {
  return (
    <Modal title="Add an entry" content={isOpen ? <AddEntryForm personId={personId} onClose={onClose} /> : null} onRequestClose={onClose} />
  );
}

function AddEntryForm({ personId, onClose }: { personId: string; onClose: () => void }) {
  const create = useCreateEntry(personId);
  const navigate = useNavigate();
  const form = useForm<CreateInput, unknown, CreateOutput>({
    resolver: zodResolver(logbookEntryCreateSchema),
    defaultValues: { date: new Date().toISOString().slice(0, 10), category_class: 'airplane single-engine land' },
  });
  const { errors } = form.formState;
  const handleSubmit = (body: CreateOutput) =>
    create.mutate(body, {
      onSuccess: (entry) => void navigate(paths.dashboard.logbookEntry.getHref(entry.id)),
      onError: (error) => showServerFieldErrors(form.setError, error, logbookFieldNames),
    });
  return (
    <form onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4 p-6" noValidate>
      <h2 className="text-lg font-semibold">Add an entry</h2>
      {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput label={logbookFieldLabels.date} type="date" {...form.register('date')} error={errors.date?.message} autoFocus />
        <SelectInput
          label={logbookFieldLabels.category_class}
          options={categoryOptions}
          {...form.register('category_class')}
          error={errors.category_class?.message}
        />
        <TextInput
          label={`${logbookFieldLabels.total_hours} (hours)`}
          type="number"
          inputMode="decimal"
          step={0.1}
          min={0}
          {...form.register('total_hours', { setValueAs: asNumber })}
          error={errors.total_hours?.message}
        />
        <TextInput
          label={logbookFieldLabels.aircraft_identification}
          {...form.register('aircraft_identification', { setValueAs: asOptionalText })}
          error={errors.aircraft_identification?.message}
        />
        <TextInput
          label={logbookFieldLabels.aircraft_make_model}
          {...form.register('aircraft_make_model', { setValueAs: asOptionalText })}
          error={errors.aircraft_make_model?.message}
        />
        <TextInput
          label={logbookFieldLabels.remarks}
          {...form.register('remarks', { setValueAs: asOptionalText })}
          error={errors.remarks?.message}
        />
      </div>
      <p className="text-xs text-slate-500">The entry opens next, for the time by kind, landings, instrument work and route.</p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={create.isPending}>
          Add entry
        </Button>
      </div>
    </form>
  );
}
