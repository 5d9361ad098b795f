import { messages, type MarkerKey } from '@skylog/contracts';
import { Pencil, Plus } from 'lucide-react';
import { lazy, memo, Suspense, useCallback, useImperativeHandle, useState, type Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import type { Timezone } from '../../../lib/settings-store.ts';
import { useCreateManualMarker } from '../api/create-manual-marker.ts';
import { useUpdateManualMarker } from '../api/update-manual-marker.ts';
import { getReadableTextColour, type MarkerLook, type ReviewMarker } from '../utils/markers.ts';
import type { PlaybackClock } from '../utils/playback-clock.ts';
import { playbackSurfaceAttribute } from '../utils/shortcuts.ts';
import { getTimeLabel } from '../utils/time-labels.ts';
import { formatFlightOffset } from '../utils/timeline.ts';
import type { MarkerFormValues } from './marker-form.tsx';

// Only opened to add or edit a marker: kept out of the flight screen's first load.
const MarkerForm = lazy(async () => ({ default: (await import('./marker-form.tsx')).MarkerForm }));
import { Panel } from './panel.tsx';

type MarkersPanelProps = {
  tripId: string;
  markers: readonly ReviewMarker[];
  looks: readonly MarkerLook[];
  canEdit: boolean;
  flightStartMs: number;
  clock: PlaybackClock;
  timezone: Timezone;
  ref?: Ref<MarkersPanelHandle>;
};

/** For the screen's "M" key: the same as pressing Add marker. */
export type MarkersPanelHandle = { addMarkerNow: () => void };

type Editing = { mode: 'create'; timestamp: number } | { mode: 'edit'; marker: ReviewMarker & { id: string } };

export function MarkersPanel({ tripId, markers, looks, canEdit, flightStartMs, clock, timezone, ref }: MarkersPanelProps) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const handleAdd = useCallback(() => setEditing({ mode: 'create', timestamp: Math.round(clock.getTime()) }), [clock]);
  useImperativeHandle(ref, () => ({ addMarkerNow: handleAdd }), [handleAdd]);
  const create = useCreateManualMarker(tripId);
  const update = useUpdateManualMarker(tripId);
  const mutation = editing?.mode === 'edit' ? update : create;
  const handleEdit = useCallback((marker: ReviewMarker & { id: string }) => setEditing({ mode: 'edit', marker }), []);

  const handleClose = () => {
    setEditing(null);
    create.reset();
    update.reset();
  };

  const handleSubmit = ({ markerID, notes }: MarkerFormValues) => {
    if (!editing) return;
    // The form offers the looks' keys, and the looks are the rocker keys 1–4 (getMarkerLooks).
    const key = markerID as MarkerKey;
    const onSuccess = () => {
      notify.success(editing.mode === 'create' ? 'Marker added' : 'Marker updated');
      handleClose();
    };
    if (editing.mode === 'create') create.mutate({ tripId, markerID: key, timestamp: editing.timestamp, notes: { text: notes } }, { onSuccess });
    else update.mutate({ id: editing.marker.id, markerID: key, notes: { text: notes } }, { onSuccess });
  };

  const timestamp = editing?.mode === 'create' ? editing.timestamp : editing?.marker.timestamp;
  const timeLabel =
    timestamp === undefined ? '' : `${getTimeLabel(timestamp, timezone)} (${formatFlightOffset(timestamp - flightStartMs)})`;

  return (
    <Panel
      label="Markers"
      title={`Markers (${markers.length})`}
      actions={
        canEdit ? (
          <Button variant="secondary" onClick={handleAdd}>
            <Plus size={14} aria-hidden className="mr-1" /> Add marker
          </Button>
        ) : null
      }
    >
      {markers.length === 0 ? (
        <p className="text-sm text-slate-600">No markers on this flight.</p>
      ) : (
        <MarkerList
          markers={markers}
          canEdit={canEdit}
          flightStartMs={flightStartMs}
          timezone={timezone}
          clock={clock}
          onEdit={handleEdit}
        />
      )}
      <Modal
        title={editing?.mode === 'edit' ? 'Edit marker' : 'Add marker'}
        onRequestClose={handleClose}
        content={
          editing ? (
            <Suspense fallback={null}>
              <MarkerForm
                title={editing.mode === 'edit' ? 'Edit marker' : 'Add marker'}
                timeLabel={timeLabel}
                looks={looks}
                initial={
                  editing.mode === 'edit'
                    ? { markerID: editing.marker.markerID, notes: editing.marker.notes.text }
                    : { markerID: looks[0]?.key ?? 1, notes: '' }
                }
                isPending={mutation.isPending}
                error={mutation.error}
                failureText={editing.mode === 'edit' ? messages.storeMarkersFailed : messages.manualMarkersFailed}
                onSubmit={handleSubmit}
                onCancel={handleClose}
              />
            </Suspense>
          ) : null
        }
      />
    </Panel>
  );
}

type MarkerListProps = {
  markers: readonly ReviewMarker[];
  canEdit: boolean;
  flightStartMs: number;
  timezone: Timezone;
  clock: PlaybackClock;
  onEdit: (marker: ReviewMarker & { id: string }) => void;
};

const MarkerList = memo(function MarkerList({ markers, canEdit, flightStartMs, timezone, clock, onEdit }: MarkerListProps) {
  return (
    <ul {...{ [playbackSurfaceAttribute]: '' }} className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto pr-1">
      {markers.map((marker) => {
        const time = getTimeLabel(marker.timestamp, timezone);
        const { id } = marker;
        return (
          <li key={marker.key} className="flex items-start gap-2 py-1">
            <button
              type="button"
              onClick={() => clock.seek(marker.timestamp)}
              className="flex min-w-0 flex-1 flex-col gap-1 rounded-md px-2 py-1.5 text-left hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <span className="flex flex-wrap items-center gap-2 text-sm">
                <span
                  className="inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium"
                  style={{ backgroundColor: marker.look.color, color: getReadableTextColour(marker.look.color) }}
                >
                  {marker.look.text}
                </span>
                <span className="tabular-nums text-slate-900">{time}</span>
                <span className="tabular-nums text-xs text-slate-500">{formatFlightOffset(marker.timestamp - flightStartMs)}</span>
                {id ? <span className="text-xs text-slate-400">manual</span> : null}
              </span>
              {marker.notes.text ? (
                <span className="whitespace-pre-line break-words text-sm text-slate-700">{marker.notes.text}</span>
              ) : null}
            </button>
            {canEdit && id ? (
              <button
                type="button"
                aria-label={`Edit ${marker.look.text} marker at ${time}`}
                onClick={() => onEdit({ ...marker, id })}
                className="mt-1 rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              >
                <Pencil size={14} aria-hidden />
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
});
