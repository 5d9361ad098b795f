import { zodResolver } from '@hookform/resolvers/zod';
import { messages, recorderMessages, tripCreateSchema } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import type { RecorderChoices } from '../api/recorder-choices.ts';
import type { FlightSetup } from '../hooks/use-flight-recorder.ts';

/** The contract's own seat and aircraft rules, with '' for "none" as the selects give it. */
const setupSchema = (isPilotRequired: boolean) =>
  z
    .object({
      aircraft_id: z.union([z.literal(''), tripCreateSchema.shape.aircraft_id.unwrap().unwrap()]),
      left_seat: z.union([z.literal(''), tripCreateSchema.shape.left_seat.unwrap().unwrap()]),
      right_seat: z.union([z.literal(''), tripCreateSchema.shape.right_seat.unwrap().unwrap()]),
    })
    .superRefine((values, context) => {
      if (isPilotRequired && !values.left_seat) context.addIssue({ code: 'custom', path: ['left_seat'], message: messages.leftSeatRequired });
    });
type SetupValues = z.infer<ReturnType<typeof setupSchema>>;

/** The flight's name: the aircraft and the local date and time of Start, as a pilot would look for it in the list. */
function tripNameOf(tail: string | undefined, startedAt: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const when = `${startedAt.getFullYear()}-${pad(startedAt.getMonth() + 1)}-${pad(startedAt.getDate())} ${pad(startedAt.getHours())}:${pad(startedAt.getMinutes())}`;
  return `${tail ? `${tail} ` : ''}Recorded ${when}`;
}

/** Before Start: the aircraft and the crew (preset as the server presets an upload's), then Start. */
export function FlightSetupForm({ choices, onStart, isStarting }: { choices: RecorderChoices | null; onStart: (setup: FlightSetup) => void; isStarting: boolean }) {
  const crew = choices?.crew;
  const form = useForm<SetupValues>({
    resolver: zodResolver(setupSchema(Boolean(crew?.is_left_seat_required))),
    values: { aircraft_id: '', left_seat: crew?.left_seat ?? '', right_seat: crew?.right_seat ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const people = [{ value: '', label: recorderMessages.emptySeat }, ...(crew?.people ?? []).map((person) => ({ value: person.skylog_id, label: person.name ?? person.email }))];

  const submit = form.handleSubmit((values) => {
    const plane = choices?.aircraft.find((item) => item.id === values.aircraft_id);
    onStart({
      tripName: tripNameOf(plane?.tail_number, new Date()),
      aircraftId: values.aircraft_id || null,
      // Without the choices (first use offline) the server seats the sender, as it does for any flight sent without a crew.
      leftSeat: values.left_seat || null,
      rightSeat: values.right_seat || null,
    });
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      {choices?.cachedAt ? <Alert tone="info">{recorderMessages.offlineChoices}</Alert> : null}
      {!choices ? <Alert tone="warning">{recorderMessages.noChoicesOffline}</Alert> : null}
      {choices ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectInput
            label="Aircraft"
            options={[{ value: '', label: recorderMessages.noAircraft }, ...choices.aircraft.map((plane) => ({ value: plane.id, label: plane.type ? `${plane.tail_number} (${plane.type})` : plane.tail_number }))]}
            error={errors.aircraft_id?.message}
            {...form.register('aircraft_id')}
          />
          <SelectInput label="Left seat" options={people} error={errors.left_seat?.message} {...form.register('left_seat')} />
          <SelectInput label="Right seat" options={people} error={errors.right_seat?.message} {...form.register('right_seat')} />
        </div>
      ) : null}
      <Button type="submit" isLoading={isStarting} className="min-h-16 text-xl">
        {recorderMessages.start}
      </Button>
    </form>
  );
}
