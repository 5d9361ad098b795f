import { zodResolver } from '@hookform/resolvers/zod';
import { logbookEntryUpdateSchema, logbookFieldLabels, logbookFieldNames, type LogbookEntry, type LogbookField } from '@skylog/contracts';
import { Plus, X } from 'lucide-react';
import { Controller, useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useUpdateEntry, type LogbookEntryUpdate } from '../api/change-entry.ts';
import {
  asNumber,
  asOptionalNumber,
  asOptionalText,
  categoryOptions,
  deviceOptions,
  entryGroups,
  fieldKinds,
  isSameValue,
} from './entry-values.ts';

type EntryInput = z.input<typeof logbookEntryUpdateSchema>;
type EntryOutput = z.output<typeof logbookEntryUpdateSchema>;
type EntryForm = UseFormReturn<EntryInput, unknown, EntryOutput>;

/** Take-off and landing are typed in UTC, as logbooks and flight plans keep times. */
const toUtcInput = (instant: string | null | undefined) => (instant ? new Date(instant).toISOString().slice(0, 16) : '');
const fromUtcInput = (typed: string) => (typed ? `${typed}:00Z` : null);

/**
 * Changes an entry with the contracts' rules for every field. Only the fields that differ from the entry are sent,
 * so a value the track gave and the pilot left alone stays the track's.
 */
export function EntryForm({ entry, onDone }: { entry: LogbookEntry; onDone: () => void }) {
  const update = useUpdateEntry();
  const form: EntryForm = useForm<EntryInput, unknown, EntryOutput>({
    resolver: zodResolver(logbookEntryUpdateSchema),
    defaultValues: Object.fromEntries(logbookFieldNames.map((field) => [field, entry[field]])),
  });

  const handleSubmit = (values: EntryOutput) => {
    const changed = logbookFieldNames.filter((field) => values[field] !== undefined && !isSameValue(values[field], entry[field]));
    if (changed.length === 0) return onDone();
    const body = Object.fromEntries(changed.map((field) => [field, values[field]])) as LogbookEntryUpdate;
    update.mutate(
      { id: entry.id, body },
      { onSuccess: onDone, onError: (error) => showServerFieldErrors(form.setError, error, logbookFieldNames) },
    );
  };

  return (
    <form onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4" noValidate aria-label="Edit the entry">
      {update.error ? <Alert tone="error">{update.error.message}</Alert> : null}
      {entryGroups.map((group) => (
        <fieldset key={group.title} className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-slate-800">{group.title}</legend>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {group.fields.map((field) => (
              <FieldInput key={field} form={form} field={field} />
            ))}
          </div>
        </fieldset>
      ))}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

function FieldInput({ form, field }: { form: EntryForm; field: LogbookField }) {
  const label = logbookFieldLabels[field];
  const error = form.formState.errors[field]?.message;
  switch (fieldKinds[field]) {
    case 'day':
      return <TextInput label={label} type="date" {...form.register(field)} error={error} />;
    case 'instant':
      return (
        <Controller
          control={form.control}
          name={field}
          render={({ field: input }) => (
            <TextInput
              label={`${label} (UTC)`}
              type="datetime-local"
              name={input.name}
              onBlur={input.onBlur}
              value={toUtcInput(input.value as string | null | undefined)}
              onChange={(event) => input.onChange(fromUtcInput(event.target.value))}
              error={error}
            />
          )}
        />
      );
    case 'hours':
    case 'optional-hours':
    case 'count': {
      const isHours = fieldKinds[field] !== 'count';
      return (
        <TextInput
          label={isHours ? `${label} (hours)` : label}
          type="number"
          inputMode={isHours ? 'decimal' : 'numeric'}
          step={isHours ? 0.1 : 1}
          min={0}
          {...form.register(field, { setValueAs: fieldKinds[field] === 'optional-hours' ? asOptionalNumber : asNumber })}
          error={error}
        />
      );
    }
    case 'flag':
      return (
        <label className="flex items-center gap-2 self-end py-2 text-sm font-medium text-slate-700">
          <input type="checkbox" {...form.register(field)} className="h-4 w-4" />
          {label}
        </label>
      );
    case 'category':
      return <SelectInput label={label} options={categoryOptions} {...form.register(field)} error={error} />;
    case 'device':
      return <SelectInput label={label} options={deviceOptions} {...form.register(field, { setValueAs: asOptionalText })} error={error} />;
    case 'route':
      return <RouteInput form={form} />;
    case 'text':
      return <TextInput label={label} {...form.register(field, { setValueAs: asOptionalText })} error={error} />;
  }
}

/** The departure, then each landing: its airport, whether it was to a full stop, whether the field had a tower. */
function RouteInput({ form }: { form: EntryForm }) {
  const points = useFieldArray({ control: form.control, name: 'route' });
  const errors = form.formState.errors.route;
  return (
    <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-3">
      {points.fields.map((point, index) => (
        <div key={point.id} className="flex flex-wrap items-end gap-3">
          <TextInput
            label={index === 0 ? 'Departure' : `Landing ${index}`}
            {...form.register(`route.${index}.airport`, {
              setValueAs: asOptionalText,
              // A point's position is its airport's: a new airport keeps none of the old one's.
              onChange: () => {
                form.setValue(`route.${index}.latitude`, null);
                form.setValue(`route.${index}.longitude`, null);
              },
            })}
            error={errors?.[index]?.airport?.message}
          />
          {index > 0 ? (
            <label className="flex items-center gap-2 py-2 text-sm text-slate-700">
              <input type="checkbox" {...form.register(`route.${index}.full_stop`)} className="h-4 w-4" />
              Full stop
            </label>
          ) : null}
          <label className="flex items-center gap-2 py-2 text-sm text-slate-700">
            <input type="checkbox" {...form.register(`route.${index}.towered`)} className="h-4 w-4" />
            Towered
          </label>
          <Button variant="secondary" aria-label={`Remove point ${index + 1} of the route`} onClick={() => points.remove(index)}>
            <X size={14} aria-hidden />
          </Button>
        </div>
      ))}
      {errors?.message ? <p className="text-xs text-red-600">{errors.message}</p> : null}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => points.append({ airport: null, latitude: null, longitude: null, full_stop: true, towered: false })}
      >
        <Plus size={14} aria-hidden className="mr-1" /> Add a point
      </Button>
    </div>
  );
}
