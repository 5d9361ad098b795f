import { zodResolver } from '@hookform/resolvers/zod';
import { messages, speakerRoles } from '@skylog/contracts';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateSpeakers } from '../api/update-speakers.ts';
import { speakersFormSchema, toSpeakersForm, toSpeakersUpdate, type SpeakersFormValues } from '../utils/speakers.ts';
import { getSpeakerLabel } from '../utils/transcript.ts';

const choiceOptions = [
  { value: '', label: 'Not named' },
  ...speakerRoles.map((role) => ({ value: role, label: role })),
  { value: 'name', label: 'A name…' },
];

type SpeakersEditorProps = {
  tripId: string;
  /** Deepgram's numbers of the voices in the transcript, each with its first words to tell them apart. */
  speakers: readonly { speaker: number; firstWords: string }[];
  names: ReadonlyMap<number, string>;
  onDone: () => void;
};

/** Names each voice of the transcript for everyone who reads the flight: a role, or a person's name. */
export function SpeakersEditor({ tripId, speakers, names, onDone }: SpeakersEditorProps) {
  const update = useUpdateSpeakers(tripId);
  const form = useForm<SpeakersFormValues>({
    resolver: zodResolver(speakersFormSchema),
    defaultValues: toSpeakersForm(
      speakers.map(({ speaker }) => speaker),
      names,
    ),
  });
  const { errors } = form.formState;
  const rows = form.watch('speakers');

  const handleSubmit = form.handleSubmit((values) => {
    const body = toSpeakersUpdate(values);
    update.mutate(
      { tripId, ...body },
      {
        onSuccess: () => {
          notify.success('Speakers named');
          onDone();
        },
        // The server's field messages go under the name they are about ("speakers.0.label" is the first one sent).
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
          body.speakers.forEach(({ speaker }, sentIndex) => {
            const message = fields[`speakers.${sentIndex}.label`];
            const row = values.speakers.findIndex((value) => value.speaker === speaker);
            if (message && row >= 0) form.setError(`speakers.${row}.name`, { type: 'server', message });
          });
        },
      },
    );
  });

  return (
    <form
      onSubmit={handleSubmit}
      aria-label="Name the speakers"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      noValidate
    >
      {update.error ? (
        <Alert tone="error">
          {messages.storeChangesFailed}: {update.error.message}
        </Alert>
      ) : null}
      {speakers.map(({ speaker, firstWords }, index) => (
        <div key={speaker} className="flex flex-col gap-1">
          <div className="grid gap-2 sm:grid-cols-2">
            <Controller
              control={form.control}
              name={`speakers.${index}.choice`}
              render={({ field }) => <SelectInput label={getSpeakerLabel(speaker)} options={choiceOptions} {...field} />}
            />
            {rows[index]?.choice === 'name' ? (
              <TextInput
                label={`Name of ${getSpeakerLabel(speaker)}`}
                autoComplete="off"
                {...form.register(`speakers.${index}.name`)}
                error={errors.speakers?.[index]?.name?.message}
              />
            ) : null}
          </div>
          <p className="truncate text-xs text-slate-500" title={firstWords}>
            First heard: “{firstWords}”
          </p>
        </div>
      ))}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          Save names
        </Button>
      </div>
    </form>
  );
}
