import 'fake-indexeddb/auto';
import { limits, recorderMessages } from '@skylog/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { RecordingStore, type Fix, type NewRecording } from './recording-store.ts';
import { sendPending, sendRecording, type SendPorts, type TripCreateBody } from './send-recording.ts';

const startedAt = Date.UTC(2026, 4, 1, 14, 0, 0);
const fix = (second: number, extra: Partial<Fix> = {}): Fix => ({
  timestamp: startedAt + second * 1000,
  latitude: 47.5 + second / 10_000,
  longitude: -122.3,
  accuracy: 4,
  altitude: 150,
  speed: 45,
  heading: 270,
  ...extra,
});

const newRecording = (id: string, ownerId = 'pilot-1'): NewRecording => ({
  id,
  ownerId,
  tripName: 'N123SK 1 May 14:00',
  aircraftId: null,
  leftSeat: ownerId,
  rightSeat: null,
  startedAt,
  hasAudio: true,
  hasPositions: true,
  audioType: 'audio/webm;codecs=opus',
});

/** A server of our own making: counts the flights it created and the audio it was given, and fails where told to. */
function fakeServer() {
  const server = {
    trips: [] as TripCreateBody[],
    audio: [] as Array<{ tripId: string; name: string; type: string; size: number; lastModified: number; text: Promise<string>; takes: string | undefined }>,
    failCreate: null as ApiError | null,
    failUpload: null as ApiError | null,
    ports: {} as SendPorts,
  };
  server.ports = {
    createTrip: async (body) => {
      if (server.failCreate) throw server.failCreate;
      server.trips.push(body);
      return { trip_id: `trip-${server.trips.length}` };
    },
    uploadAudio: async (tripId, file, onProgress, takes) => {
      if (server.failUpload) throw server.failUpload;
      onProgress(0.5);
      onProgress(1);
      server.audio.push({ tripId, name: file.name, type: file.type, size: file.size, lastModified: file.lastModified, text: file.text(), takes });
      return `/api/trips/${tripId}/audio/tus/1`;
    },
  };
  return server;
}

let store: RecordingStore;
let opened = 0;

async function recordFlight(id: string, seconds: number, { fixes = true, ownerId = 'pilot-1' } = {}) {
  await store.create(newRecording(id, ownerId));
  if (fixes) await store.appendFixes(id, [fix(0), fix(1), fix(2, { heading: Number.NaN, speed: null })]);
  await store.addMarker(id, { key: 3, timestamp: startedAt + 1500, position: fixes ? fix(1) : null });
  await store.appendAudio(id, 0, 0, new Blob(['cockpit ']));
  await store.appendAudio(id, 1, 0, new Blob(['audio']));
  await store.update(id, { state: 'stopped', stoppedAt: startedAt + seconds * 1000 });
}

beforeEach(async () => {
  store = await RecordingStore.open(`send-test-${++opened}`);
});
afterEach(() => store.close());

describe('sending a recording', () => {
  it('creates the flight with its track and markers, sends the audio in order, and only then removes the local copy', async () => {
    const server = fakeServer();
    await recordFlight('r1', 120);
    const progress: string[] = [];
    const outcome = await sendRecording(store, 'r1', 'pilot-1', server.ports, (step) => progress.push(`${step.step} ${step.fraction}`));

    expect(outcome).toEqual({ kind: 'sent', tripId: 'trip-1' });
    expect(server.trips).toHaveLength(1);
    const [trip] = server.trips;
    expect(trip).toMatchObject({ trip_name: 'N123SK 1 May 14:00', left_seat: 'pilot-1', begin_time: startedAt });
    expect(trip?.points).toHaveLength(3);
    // A heading the phone could not give (standing still) is sent as unknown, never as a number the server refuses.
    expect(trip?.points?.[2]).toMatchObject({ heading: null, speed: null, latitude: fix(2).latitude });
    expect(trip?.markers).toEqual([{ markerID: 3, timestamp: startedAt + 1500, coords: expect.objectContaining({ latitude: fix(1).latitude }), notes: { text: '' } }]);
    expect(server.audio).toHaveLength(1);
    expect(await server.audio[0]?.text).toBe('cockpit audio');
    // One take from Start: one plain file, no takes to join.
    expect(server.audio[0]).toMatchObject({ tripId: 'trip-1', type: 'audio/webm', takes: undefined });
    expect(progress).toEqual(['flight 0', 'audio 0', 'audio 0.5', 'audio 1']);
    expect(await store.get('r1')).toBeUndefined();
  });

  it('sends a recording whose microphone opened again after a reload as its takes one after another, with where each starts', async () => {
    const server = fakeServer();
    await store.create(newRecording('r1'));
    await store.appendFixes('r1', [fix(0), fix(60), fix(120)]);
    await store.startTake('r1', startedAt + 300);
    await store.appendAudio('r1', 0, 0, new Blob(['cockpit ']));
    await store.startTake('r1', startedAt + 95_000);
    await store.appendAudio('r1', 1, 1, new Blob(['audio']));
    await store.update('r1', { state: 'stopped', stoppedAt: startedAt + 120_000 });
    expect(await sendRecording(store, 'r1', 'pilot-1', server.ports)).toEqual({ kind: 'sent', tripId: 'trip-1' });
    expect(server.audio).toHaveLength(1);
    expect(await server.audio[0]?.text).toBe('cockpit audio');
    // Milliseconds after Start (the flight's begin_time) and bytes, per take: docs/recorder-api.md "Recordings in takes".
    expect(server.audio[0]?.takes).toBe('300:8,95000:5');
  });

  it('places a lone take that began after a reload where it began, not at the start of the flight', async () => {
    const server = fakeServer();
    await store.create(newRecording('r1'));
    await store.appendFixes('r1', [fix(0), fix(60)]);
    // The first take ended before its first piece was written; only the take after the reload has audio.
    await store.startTake('r1', startedAt + 200);
    await store.startTake('r1', startedAt + 40_000);
    await store.appendAudio('r1', 0, 1, new Blob(['after']));
    await store.update('r1', { state: 'stopped', stoppedAt: startedAt + 60_000 });
    await sendRecording(store, 'r1', 'pilot-1', server.ports);
    expect(server.audio[0]?.takes).toBe('40000:5');
  });

  it('never creates a second flight: after a failed audio upload, the retry sends the audio to the flight it created', async () => {
    const server = fakeServer();
    await recordFlight('r1', 120);
    server.failUpload = new ApiError({ status: 0, code: 'internal_error', message: 'offline' });
    expect(await sendRecording(store, 'r1', 'pilot-1', server.ports)).toEqual({ kind: 'kept', reason: recorderMessages.sendWhenOnline, isSignInNeeded: false });
    expect(await store.get('r1')).toMatchObject({ state: 'stopped', tripId: 'trip-1', lastError: recorderMessages.sendWhenOnline });
    expect((await store.readAudioTakes('r1'))[0]?.audio.size).toBe(13);

    server.failUpload = null;
    expect(await sendRecording(store, 'r1', 'pilot-1', server.ports)).toEqual({ kind: 'sent', tripId: 'trip-1' });
    expect(server.trips).toHaveLength(1);
    expect(server.audio.map((item) => item.tripId)).toEqual(['trip-1']);
  });

  it('offers the tus client the same file on every try, so it resumes the upload it started', async () => {
    const server = fakeServer();
    await recordFlight('r1', 120);
    await recordFlight('r2', 120);
    const seen: Array<{ name: string; size: number; lastModified: number; type: string }> = [];
    const failing: SendPorts = {
      ...server.ports,
      uploadAudio: async (_tripId, file) => {
        seen.push({ name: file.name, size: file.size, lastModified: file.lastModified, type: file.type });
        throw new ApiError({ status: 0, code: 'internal_error', message: 'offline' });
      },
    };
    await sendRecording(store, 'r1', 'pilot-1', failing);
    await sendRecording(store, 'r1', 'pilot-1', failing);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]).toMatchObject({ name: 'cockpit-2026-05-01T14-00-00-000Z.webm', lastModified: startedAt, size: 13 });
  });

  it('keeps a recording refused for a lapsed sign-in, and sends it once the person has signed in again', async () => {
    const server = fakeServer();
    await recordFlight('r1', 120);
    await recordFlight('r2', 120);
    server.failCreate = new ApiError({ status: 401, code: 'unauthenticated', message: 'Sign in' });
    const first = await sendPending(store, 'pilot-1', server.ports);
    expect(first.get('r1')).toEqual({ kind: 'kept', reason: recorderMessages.signInToSend, isSignInNeeded: true });
    // Signed out: the next one is not even tried.
    expect(first.has('r2')).toBe(false);
    expect(await store.get('r1')).toMatchObject({ state: 'stopped', tripId: null, lastError: recorderMessages.signInToSend });

    server.failCreate = null;
    const second = await sendPending(store, 'pilot-1', server.ports);
    expect([...second.values()].map((outcome) => outcome.kind)).toEqual(['sent', 'sent']);
    expect(await store.list()).toEqual([]);
  });

  it('keeps the server’s reason when it refuses the flight', async () => {
    const server = fakeServer();
    await recordFlight('r1', 120);
    server.failCreate = new ApiError({ status: 400, code: 'validation_error', message: 'Choose an aircraft of your fleet' });
    expect(await sendRecording(store, 'r1', 'pilot-1', server.ports)).toMatchObject({ kind: 'kept', reason: 'Choose an aircraft of your fleet' });
    expect(await store.get('r1')).toMatchObject({ state: 'stopped', lastError: 'Choose an aircraft of your fleet' });
  });

  it(`asks before sending a recording under ${limits.recorderMinSeconds} s, and sends it once the person says so`, async () => {
    const server = fakeServer();
    await recordFlight('r1', limits.recorderMinSeconds - 1);
    expect(await sendRecording(store, 'r1', 'pilot-1', server.ports)).toEqual({ kind: 'needs-question' });
    expect(await store.get('r1')).toMatchObject({ state: 'needs-question' });
    expect(server.trips).toHaveLength(0);
    // The page load and the `online` event leave it waiting for the answer.
    await sendPending(store, 'pilot-1', server.ports);
    expect(server.trips).toHaveLength(0);

    await store.update('r1', { isSendConfirmed: true, state: 'stopped' });
    expect(await sendRecording(store, 'r1', 'pilot-1', server.ports)).toEqual({ kind: 'sent', tripId: 'trip-1' });
  });

  it('asks before sending a recording without any GPS fix; sent anyway, its markers wait at no position for their time', async () => {
    const server = fakeServer();
    await recordFlight('r1', 600, { fixes: false });
    expect(await sendRecording(store, 'r1', 'pilot-1', server.ports)).toEqual({ kind: 'needs-question' });
    await store.update('r1', { isSendConfirmed: true, state: 'stopped' });
    await sendRecording(store, 'r1', 'pilot-1', server.ports);
    expect(server.trips[0]).toMatchObject({ points: [], begin_time: startedAt });
    expect(server.trips[0]?.markers?.[0]?.coords).toMatchObject({ latitude: 0, longitude: 0 });
    expect(server.audio).toHaveLength(1);
  });

  it('sends only the signed-in person’s recordings, and none still being recorded', async () => {
    const server = fakeServer();
    await recordFlight('mine', 120);
    await recordFlight('theirs', 120, { ownerId: 'pilot-2' });
    await store.create({ ...newRecording('live'), id: 'live' });
    const outcomes = await sendPending(store, 'pilot-1', server.ports);
    expect([...outcomes.keys()]).toEqual(['mine']);
    expect(await sendRecording(store, 'theirs', 'pilot-1', server.ports)).toEqual({ kind: 'skipped' });
    expect(await sendRecording(store, 'live', 'pilot-1', server.ports)).toEqual({ kind: 'skipped' });
    expect((await store.list()).map((item) => item.id).sort()).toEqual(['live', 'theirs']);
  });

  it('sends a recording once when asked twice at the same time (page load and the online event)', async () => {
    const server = fakeServer();
    await recordFlight('r1', 120);
    const outcomes = await Promise.all([sendRecording(store, 'r1', 'pilot-1', server.ports), sendRecording(store, 'r1', 'pilot-1', server.ports)]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['sent', 'skipped']);
    expect(server.trips).toHaveLength(1);
    expect(server.audio).toHaveLength(1);
  });

  it('sends a track-only recording without an audio upload', async () => {
    const server = fakeServer();
    await store.create({ ...newRecording('r1'), hasAudio: false, audioType: null });
    await store.appendFixes('r1', [fix(0), fix(40)]);
    await store.update('r1', { state: 'stopped', stoppedAt: startedAt + 60_000 });
    expect(await sendRecording(store, 'r1', 'pilot-1', server.ports)).toEqual({ kind: 'sent', tripId: 'trip-1' });
    expect(server.audio).toHaveLength(0);
  });
});
