import { zodResolver } from '@hookform/resolvers/zod';
import { aircraftCategorySchema, aircraftCreateSchema } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { categoryHint, categoryOptions } from '../../../lib/aircraft-category-options.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { AircraftInput } from '../api/change-aircraft.ts';

/** The contract's aircraft, with the category select's "Not set" ('') meaning none. */
const aircraftFormSchema = aircraftCreateSchema.extend({
  category: z.union([aircraftCategorySchema, z.literal('')]).transform((category) => category || null),
});
type AircraftFormInput = z.input<typeof aircraftFormSchema>;

type AircraftFormProps = {
  title: string;
  initial?: AircraftInput;
  isPending: boolean;
  error: Error | null;
  onSubmit: (input: AircraftInput) => void;
  onCancel: () => void;
};

export function AircraftForm({ title, initial, isPending, error, onSubmit, onCancel }: AircraftFormProps) {
  const form = useForm<AircraftFormInput, unknown, AircraftInput>({
    resolver: zodResolver(aircraftFormSchema),
    defaultValues: {
      tail_number: initial?.tail_number ?? '',
      call_sign: initial?.call_sign ?? '',
      type: initial?.type ?? '',
      category: initial?.category ?? '',
      notes: initial?.notes ?? '',
    },
  });
  const serverFields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
  const errorOf = (name: keyof AircraftFormInput) => form.formState.errors[name]?.message ?? serverFields[name];

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4 p-6" noValidate>
      <h2 className="text-lg font-semibold">{title}</h2>
      {error ? <Alert tone="error">{error.message}</Alert> : null}
      <TextInput label="Tail number" {...form.register('tail_number')} error={errorOf('tail_number')} autoFocus />
      <TextInput label="Call sign" {...form.register('call_sign')} error={errorOf('call_sign')} />
      <TextInput label="Type" placeholder="e.g. Cessna 172S" {...form.register('type')} error={errorOf('type')} />
      <div className="flex flex-col gap-1">
        <SelectInput label="Category" options={categoryOptions} {...form.register('category')} error={errorOf('category')} />
        <p className="text-xs text-slate-500">{categoryHint}</p>
      </div>
      <TextInput label="Notes" {...form.register('notes')} error={errorOf('notes')} />
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
