import { limits, recorderMessages } from '@skylog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { api, groupKey } from '../../../lib/api.ts';
import { useRecorderChoices, defaultRockers } from '../api/recorder-choices.ts';
import { RecordingStore, type RecorderIdentity } from '../api/recording-store.ts';
import { sendPending, sendRecording, type SendPorts, type SendProgress } from '../api/send-recording.ts';
import { useFlightRecorder, type FlightSetup } from '../hooks/use-flight-recorder.ts';
import { FlightSetupForm } from './flight-setup-form.tsx';
import { InFlightPanel } from './in-flight-panel.tsx';
import { LocalRecordings, type LocalRecording } from './local-recordings.tsx';

/**
 * The real server: the flight through the operation table's client, the audio through the tus upload the web app
 * shares (loaded when there is audio to send: the recorder opens first, in the field, on a slow connection).
 */
const serverPorts: SendPorts = {
  createTrip: (body) => api.trips.create({ body }),
  uploadAudio: async (tripId, file, onProgress, takes) => (await import('../../../lib/audio-upload.ts')).uploadAudio(tripId, file, onProgress, takes),
};

// The Recorder keys settings come after the flight's setup, with the settings store they edit: loaded after the first
// screen, which opens in the field on a slow connection.
const RecorderKeysSettings = lazy(async () => ({ default: (await import('./recorder-keys-settings.tsx')).RecorderKeysSettings }));

/** Free storage under the recorder's threshold, in MB, or null when there is room or the browser cannot say. */
function useLowStorage(): number | null {
  const [freeMb, setFreeMb] = useState<number | null>(null);
  useEffect(() => {
    void navigator.storage
      ?.estimate?.()
      .then(({ quota, usage }) => {
        if (quota === undefined) return;
        const free = quota - (usage ?? 0);
        if (free < limits.recorderLowStorageBytes) setFreeMb(Math.floor(free / 1_048_576));
      })
      .catch(() => {});
  }, []);
  return freeMb;
}

/**
 * The phone recorder (docs/product.md "Recording on a phone"). `identity` is who records (the signed-in person, or
 * offline the person who last opened the recorder here); `isSignedIn` says whether the server knows them now, so
 * sending is tried. `getFlightHref` links a sent flight, or null for those who may not open flights.
 */
export function RecorderScreen({
  identity,
  isSignedIn,
  getFlightHref,
  onRecordingChange,
}: {
  identity: RecorderIdentity;
  isSignedIn: boolean;
  getFlightHref: ((id: string) => string) | null;
  onRecordingChange: (isRecording: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [store, setStore] = useState<RecordingStore | null>(null);
  const [storeError, setStoreError] = useState<string | null>(null);
  const [recordings, setRecordings] = useState<LocalRecording[]>([]);
  const [otherCount, setOtherCount] = useState(0);
  const [progress, setProgress] = useState<Record<string, SendProgress>>({});
  const [sentTripId, setSentTripId] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const recorder = useFlightRecorder(store);
  const choices = useRecorderChoices(store, identity.ownerId);
  const lowStorageMb = useLowStorage();
  const { dialog, ask } = useConfirmDialog();
  const hasResumed = useRef(false);
  const { ownerId } = identity;
  const { resume } = recorder;
  const isRecording = recorder.live !== null;
  useEffect(() => onRecordingChange(isRecording), [isRecording, onRecordingChange]);

  useEffect(() => {
    let opened: RecordingStore | null = null;
    RecordingStore.open()
      .then((value) => {
        opened = value;
        setStore(value);
      })
      .catch(() => setStoreError(recorderMessages.storageUnavailable));
    return () => opened?.close();
  }, []);

  const refresh = useCallback(async () => {
    if (!store) return;
    const all = await store.list();
    const mine = all.filter((meta) => meta.ownerId === ownerId && meta.state !== 'recording');
    setRecordings(await Promise.all(mine.map(async (meta) => ({ ...meta, fixCount: (await store.readFixes(meta.id)).length }))));
    setOtherCount(all.filter((meta) => meta.ownerId !== ownerId).length);
  }, [ownerId, store]);

  const onProgress = useCallback(
    (id: string, step: SendProgress) => {
      setProgress((previous) => ({ ...previous, [id]: step }));
      // The list shows the state the store now has ('uploading').
      if (step.fraction === 0) void refresh();
    },
    [refresh],
  );

  const afterSending = useCallback(
    async (outcomes: Array<{ kind: string; tripId?: string }>) => {
      const sent = outcomes.filter((outcome) => outcome.kind === 'sent');
      if (sent.length) {
        setSentTripId(sent.at(-1)?.tripId ?? null);
        // The flights list and the flight screens read the new flight.
        await queryClient.invalidateQueries({ queryKey: groupKey('trips') });
      }
      await refresh();
    },
    [queryClient, refresh],
  );

  const sendAll = useCallback(async () => {
    if (!store || !isSignedIn || !navigator.onLine) return;
    const outcomes = await sendPending(store, ownerId, serverPorts, onProgress);
    await afterSending([...outcomes.values()].map((outcome) => ('tripId' in outcome ? outcome : { kind: outcome.kind })));
  }, [afterSending, isSignedIn, onProgress, ownerId, store]);

  const sendOne = useCallback(
    async (id: string) => {
      if (!store) return;
      const outcome = await sendRecording(store, id, ownerId, serverPorts, (step) => onProgress(id, step));
      await afterSending(['tripId' in outcome ? outcome : { kind: outcome.kind }]);
    },
    [afterSending, onProgress, ownerId, store],
  );

  // On opening: a recording the page was reloaded during goes on; the others are sent. Again whenever the connection comes back.
  useEffect(() => {
    if (!store || hasResumed.current) return;
    hasResumed.current = true;
    void (async () => {
      const live = (await store.list()).find((meta) => meta.ownerId === ownerId && meta.state === 'recording');
      if (live) await resume(live);
      await refresh();
      await sendAll();
    })();
  }, [ownerId, resume, refresh, sendAll, store]);

  // Signed in again, or the account read once the connection came back: what waited is sent now.
  useEffect(() => {
    if (store && isSignedIn && hasResumed.current) void sendAll();
  }, [isSignedIn, sendAll, store]);

  useEffect(() => {
    const onOnline = () => void sendAll();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [sendAll]);

  const start = async (setup: FlightSetup) => {
    setStartError(null);
    setSentTripId(null);
    setIsStarting(true);
    try {
      setStartError(await recorder.start(ownerId, setup));
    } finally {
      setIsStarting(false);
    }
  };

  const stop = async () => {
    if (!(await ask({ title: recorderMessages.stop, message: recorderMessages.confirmStop, confirmLabel: recorderMessages.stop }))) return;
    const id = await recorder.stop();
    await refresh();
    if (id && isSignedIn && navigator.onLine) await sendOne(id);
  };

  const sendAnyway = async (id: string) => {
    if (!store) return;
    await store.update(id, { isSendConfirmed: true, state: 'stopped' });
    await refresh();
    if (isSignedIn && navigator.onLine) await sendOne(id);
  };

  const discard = async (id: string) => {
    if (!store || !(await ask({ title: recorderMessages.discard, message: recorderMessages.confirmDiscard, confirmLabel: recorderMessages.discard }))) return;
    await store.delete(id);
    await refresh();
  };

  if (storeError) return <Alert tone="error">{storeError}</Alert>;
  const rockers = choices.data?.rockers ?? defaultRockers;

  return (
    <div className="flex flex-col gap-4">
      {recorder.live ? (
        <InFlightPanel live={recorder.live} rockers={rockers} onMarker={recorder.addMarker} onStop={() => void stop()} />
      ) : (
        <section aria-label="New flight" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-700">{recorderMessages.intro}</p>
          <Alert tone="warning">{recorderMessages.limits}</Alert>
          {lowStorageMb !== null ? <Alert tone="warning">{recorderMessages.lowStorage(lowStorageMb)}</Alert> : null}
          {startError ? <Alert tone="error">{startError}</Alert> : null}
          {isStarting ? <p className="text-sm text-slate-600">{recorderMessages.starting}</p> : null}
          {choices.isPending && choices.fetchStatus !== 'idle' ? null : <FlightSetupForm choices={choices.data ?? null} onStart={(setup) => void start(setup)} isStarting={isStarting || !store} />}
        </section>
      )}
      {sentTripId ? (
        <Alert tone="success">
          {recorderMessages.sent}{' '}
          {getFlightHref ? (
            <Link className="font-medium underline" to={getFlightHref(sentTripId)}>
              {recorderMessages.openFlight}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      {recorder.live ? null : (
        <Suspense fallback={null}>
          <RecorderKeysSettings rockers={rockers} />
        </Suspense>
      )}
      <LocalRecordings recordings={recordings} progress={progress} otherCount={otherCount} onSend={(id) => void sendOne(id)} onSendAnyway={(id) => void sendAnyway(id)} onDiscard={(id) => void discard(id)} />
      {dialog}
    </div>
  );
}
