import { zodResolver } from '@hookform/resolvers/zod';
import { messages, tripUpdateSchema, type AiNotesDraft, type TripAnalysis, type TripDetail } from '@skylog/contracts';
import { Crosshair, Sparkles } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useUpdateDebrief } from '../api/update-debrief.ts';
import { Panel } from './panel.tsx';

const wellLabel = 'What went well';
const improveLabel = 'What to improve';

/** The contract's limits for the two notes, as the form edits them (text, empty allowed). */
const debriefSchema = z.object({
  trip_well: tripUpdateSchema.shape.trip_well.unwrap().unwrap(),
  trip_improve: tripUpdateSchema.shape.trip_improve.unwrap().unwrap(),
});
type DebriefValues = z.infer<typeof debriefSchema>;

type DebriefNotesProps = {
  trip: TripDetail;
  analysis: TripAnalysis | undefined;
  /** Moves the whole screen (audio, transcript, map, charts) to a teachable moment. */
  onJumpToMoment: (momentId: string) => void;
};

/** The instructor's debrief (editable by those who may debrief) and the draft made from the flight's analysis. */
export function DebriefNotes({ trip, analysis, onJumpToMoment }: DebriefNotesProps) {
  const form = useForm<DebriefValues>({
    resolver: zodResolver(debriefSchema),
    defaultValues: { trip_well: trip.trip_well ?? '', trip_improve: trip.trip_improve ?? '' },
  });
  const draft = analysis?.ai_draft ?? null;
  const useDraft = () => {
    form.setValue('trip_well', analysis?.ai_trip_well ?? '', { shouldDirty: true, shouldValidate: true });
    form.setValue('trip_improve', analysis?.ai_trip_improve ?? '', { shouldDirty: true, shouldValidate: true });
    notify.success('The draft is in the debrief: edit it, then save.');
  };
  return (
    <Panel label="Debrief notes" title="Debrief notes">
      {trip.can_debrief ? (
        <DebriefForm tripId={trip.trip_id} form={form} />
      ) : trip.trip_well || trip.trip_improve ? (
        <NoteList well={trip.trip_well} improve={trip.trip_improve} />
      ) : (
        <p className="text-sm text-slate-600">No debrief notes yet.</p>
      )}
      {draft && (draft.well.length > 0 || draft.improve.length > 0) ? (
        <section aria-label="Drafted debrief" className="flex flex-col gap-2 border-t border-slate-100 pt-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
              <Sparkles size={14} aria-hidden />
              {analysis?.ai_source === 'llm' ? 'Drafted by AI from the automatic analysis' : 'Automatic analysis'}
            </h3>
            {trip.can_debrief ? (
              <Button variant="secondary" onClick={useDraft} className="px-3 py-1.5">
                Use as debrief
              </Button>
            ) : null}
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            <DraftList label={wellLabel} points={draft.well} onJumpToMoment={onJumpToMoment} />
            <DraftList label={improveLabel} points={draft.improve} onJumpToMoment={onJumpToMoment} />
          </div>
        </section>
      ) : null}
    </Panel>
  );
}

function DraftList({ label, points, onJumpToMoment }: { label: string; points: AiNotesDraft['well']; onJumpToMoment: (id: string) => void }) {
  return (
    <div>
      <h4 className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</h4>
      {points.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">—</p>
      ) : (
        <ul className="mt-1 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-800">
          {points.map((point, index) => (
            <li key={index}>
              {point.text}
              {point.moment_id ? (
                <button
                  type="button"
                  onClick={() => onJumpToMoment(point.moment_id!)}
                  className="ml-1 inline-flex items-center gap-0.5 rounded text-xs font-medium text-brand-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  <Crosshair size={12} aria-hidden /> Go to moment
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NoteList({ well, improve }: { well: string | null; improve: string | null }) {
  return (
    <dl className="grid gap-3 md:grid-cols-2">
      {[
        [wellLabel, well],
        [improveLabel, improve],
      ].map(([label, text]) => (
        <div key={label}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="mt-1 whitespace-pre-line text-sm text-slate-800">{text || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function DebriefForm({ tripId, form }: { tripId: string; form: ReturnType<typeof useForm<DebriefValues>> }) {
  const update = useUpdateDebrief(tripId);
  const { errors, isDirty } = form.formState;

  const handleSubmit = form.handleSubmit((values) =>
    update.mutate(
      { trip_well: values.trip_well.trim() || null, trip_improve: values.trip_improve.trim() || null },
      {
        onSuccess: (saved) => {
          form.reset({ trip_well: saved.trip_well ?? '', trip_improve: saved.trip_improve ?? '' });
          notify.success('Debrief notes saved');
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-3" noValidate>
      {update.error ? (
        <Alert tone="error">
          {messages.storeChangesFailed}: {update.error.message}
        </Alert>
      ) : null}
      <div className="grid gap-3 md:grid-cols-2">
        {(
          [
            ['trip_well', wellLabel],
            ['trip_improve', improveLabel],
          ] as const
        ).map(([name, label]) => (
          <div key={name} className="flex flex-col gap-1">
            <TextareaField label={label} rows={5} aria-invalid={Boolean(errors[name])} {...form.register(name)} />
            {errors[name] ? (
              <p role="alert" className="text-xs text-red-700">
                {errors[name].message}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={update.isPending} disabled={!isDirty}>
          Save
        </Button>
      </div>
    </form>
  );
}
