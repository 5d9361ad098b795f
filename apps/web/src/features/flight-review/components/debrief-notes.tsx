import { limits, messages, type TripDetail } from '@skylog/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useUpdateDebrief } from '../api/update-debrief.ts';
import { Panel } from './panel.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';

const wellLabel = 'What went well';
const improveLabel = 'What to improve';

/** The instructor's debrief (editable by those who may debrief) and, when present, the automatic analysis. */
export function DebriefNotes({ trip }: { trip: TripDetail }) {
  const hasAnalysis = Boolean(trip.ai_trip_well || trip.ai_trip_improve);
  return (
    <Panel label="Debrief notes" title="Debrief notes">
      {trip.can_debrief ? (
        <DebriefForm key={trip.trip_id} trip={trip} />
      ) : trip.trip_well || trip.trip_improve ? (
        <NoteList well={trip.trip_well} improve={trip.trip_improve} />
      ) : (
        <p className="text-sm text-slate-600">No debrief notes yet.</p>
      )}
      {hasAnalysis ? (
        <div className="border-t border-slate-100 pt-3">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Automatic analysis</h3>
          <NoteList well={trip.ai_trip_well} improve={trip.ai_trip_improve} />
        </div>
      ) : null}
    </Panel>
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

function DebriefForm({ trip }: { trip: TripDetail }) {
  const [well, setWell] = useState(trip.trip_well ?? '');
  const [improve, setImprove] = useState(trip.trip_improve ?? '');
  const update = useUpdateDebrief(trip.trip_id);
  const isChanged = well !== (trip.trip_well ?? '') || improve !== (trip.trip_improve ?? '');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { tripId: trip.trip_id, trip_well: well.trim() || null, trip_improve: improve.trim() || null },
      {
        onSuccess: (saved) => {
          setWell(saved.trip_well ?? '');
          setImprove(saved.trip_improve ?? '');
          notify.success('Debrief notes saved');
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-3" noValidate>
      {update.error ? (
        <Alert tone="error">
          {messages.storeChangesFailed}: {update.error.message}
        </Alert>
      ) : null}
      <div className="grid gap-3 md:grid-cols-2">
        <TextareaField
          label={wellLabel}
          value={well}
          maxLength={limits.debriefMaxLength}
          onChange={(event) => setWell(event.target.value)}
          rows={5}
        />
        <TextareaField
          label={improveLabel}
          value={improve}
          maxLength={limits.debriefMaxLength}
          onChange={(event) => setImprove(event.target.value)}
          rows={5}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={update.isPending} disabled={!isChanged}>
          Save
        </Button>
      </div>
    </form>
  );
}
