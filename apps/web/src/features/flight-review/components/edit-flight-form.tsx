import { zodResolver } from '@hookform/resolvers/zod';
import { messages, tripCreateSchema, type TripDetail, type TripPerson } from '@skylog/contracts';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCrewChoices } from '../../../lib/crew-choices.ts';
import { useFleet } from '../api/get-fleet.ts';
import { useUpdateTrip } from '../api/update-trip.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';

/** A select's value: an id, or '' for "not set". */
const choice = z.union([z.uuid(), z.literal('')]);

/** The contract's rules for a flight's editable details. */
const editFlightSchema = z.object({
  trip_name: tripCreateSchema.shape.trip_name,
  aircraft_id: choice,
  left_seat: choice,
  right_seat: choice,
  origin: tripCreateSchema.shape.origin,
  destination: tripCreateSchema.shape.destination,
});
type EditFlightInput = z.input<typeof editFlightSchema>;
type EditFlightValues = z.output<typeof editFlightSchema>;
const fieldNames = Object.keys(editFlightSchema.shape) as (keyof EditFlightInput)[];

const personLabel = (person: Pick<TripPerson, 'name' | 'email'>) => person.name || person.email;

/** The choices, with the current value first when they lack it: whoever sits there now may stay. */
function withCurrent<T>(items: readonly T[], current: T | null, idOf: (item: T) => string): T[] {
  return current && !items.some((item) => idOf(item) === idOf(current)) ? [current, ...items] : [...items];
}

/**
 * Name, crew, aircraft and route of a flight, for those who may edit it. The seats offer whom the
 * server lets this person seat (and whoever sits there now); a change the server refuses (someone
 * they may not seat, or one that would hide the flight from them) shows under the seat.
 */
export function EditFlightForm({ trip, onClose }: { trip: TripDetail; onClose: () => void }) {
  const choices = useCrewChoices(true);
  const fleet = useFleet(true);
  const update = useUpdateTrip(trip.trip_id);
  const form = useForm<EditFlightInput, unknown, EditFlightValues>({
    resolver: zodResolver(editFlightSchema),
    defaultValues: {
      trip_name: trip.trip_name,
      aircraft_id: trip.aircraft?.id ?? '',
      left_seat: trip.left_seat?.skylog_id ?? '',
      right_seat: trip.right_seat?.skylog_id ?? '',
      origin: trip.origin ?? '',
      destination: trip.destination ?? '',
    },
  });
  const { errors } = form.formState;

  const seatOptions = (current: TripPerson | null) => [
    { value: '', label: 'Nobody' },
    ...withCurrent(choices.data?.people ?? [], current, (person) => person.skylog_id).map((person) => ({
      value: person.skylog_id,
      label: personLabel(person),
    })),
  ];
  const aircraftOptions = [
    { value: '', label: 'Not set' },
    ...withCurrent<{ id: string; tail_number: string }>(fleet.data?.items ?? [], trip.aircraft, (plane) => plane.id).map((plane) => ({
      value: plane.id,
      label: plane.tail_number,
    })),
  ];
  const selects = [
    { name: 'left_seat', label: 'Pilot (left seat)', options: seatOptions(trip.left_seat) },
    { name: 'right_seat', label: 'Instructor (right seat)', options: seatOptions(trip.right_seat) },
    { name: 'aircraft_id', label: 'Aircraft', options: aircraftOptions },
  ] as const;

  const handleSubmit = form.handleSubmit((values) =>
    update.mutate(
      {
        tripId: trip.trip_id,
        trip_name: values.trip_name,
        aircraft_id: values.aircraft_id || null,
        left_seat: values.left_seat || null,
        right_seat: values.right_seat || null,
        origin: values.origin || null,
        destination: values.destination || null,
      },
      {
        onSuccess: () => {
          notify.success(messages.tripUpdated);
          onClose();
        },
        onError: (error) => showServerFieldErrors(form.setError, error, fieldNames),
      },
    ),
  );

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4 p-6" noValidate aria-label="Edit flight">
      <h2 className="text-lg font-semibold text-slate-900">Edit flight</h2>
      {update.error && !(update.error instanceof ApiError && update.error.body.fields) ? (
        <Alert tone="error">
          {messages.storeChangesFailed}: {update.error.message}
        </Alert>
      ) : null}
      <TextInput label="Flight name" {...form.register('trip_name')} error={errors.trip_name?.message} />
      <div className="grid gap-3 sm:grid-cols-2">
        {selects.map(({ name, label, options }) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => <SelectInput label={label} options={options} {...field} error={errors[name]?.message} />}
          />
        ))}
        <div className="grid grid-cols-2 gap-3">
          <TextInput label="Origin" placeholder="KPAO" {...form.register('origin')} error={errors.origin?.message} />
          <TextInput label="Destination" placeholder="KMRY" {...form.register('destination')} error={errors.destination?.message} />
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
