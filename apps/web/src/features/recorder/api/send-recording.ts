import { limits, recorderMessages, type tripCreateSchema } from '@skylog/contracts';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import type { AudioTakeBlob, Fix, RecordedMarker, RecordingMeta, RecordingStore, StoredRecording } from './recording-store.ts';

/** What POST /api/trips takes, as the contract declares it. */
export type TripCreateBody = z.input<typeof tripCreateSchema>;

/** The two calls that send a flight; the screen passes the real ones (lib/api.ts and the tus upload), tests their own. */
export type SendPorts = {
  createTrip: (body: TripCreateBody) => Promise<{ trip_id: string }>;
  /**
   * Resolves once the server has every byte (the tus upload's last PATCH answered). `takes` is the upload's `takes`
   * metadata when the file is several microphone takes one after another (docs/recorder-api.md "Recordings in takes").
   */
  uploadAudio: (tripId: string, file: File, onProgress: (fraction: number) => void, takes?: string) => Promise<unknown>;
};

export type SendOutcome =
  | { kind: 'sent'; tripId: string }
  | { kind: 'needs-question' }
  /** Kept on the phone: `reason` says why (signed out, no connection, the server's refusal) and it is tried again later. */
  | { kind: 'kept'; reason: string; isSignInNeeded: boolean }
  /** Recorded by someone else on this phone, still recording, already being sent, or gone. */
  | { kind: 'skipped' };

/** Progress of one recording being sent: which step, and how far (0–1). */
export type SendProgress = { step: 'flight' | 'audio'; fraction: number };

/** A recording too short to be a flight, or without one GPS fix, is sent only when the person says so. */
export function needsQuestion(recording: StoredRecording): boolean {
  const { meta, fixes } = recording;
  if (meta.isSendConfirmed) return false;
  const seconds = ((meta.stoppedAt ?? meta.startedAt) - meta.startedAt) / 1000;
  return seconds < limits.recorderMinSeconds || fixes.length === 0;
}

/** A measurement the phone gave that the contract takes, or null (a NaN heading while standing still, an altitude out of range). */
const within = (value: number | null, min: number, max: number) => (value === null || !Number.isFinite(value) || value < min || value > max ? null : value);

function coordsOf(fix: Fix) {
  return {
    latitude: fix.latitude,
    longitude: fix.longitude,
    altitude: within(fix.altitude, -500, 20000),
    accuracy: within(fix.accuracy, 0, 100000),
    heading: within(fix.heading, -360, 360),
    speed: within(fix.speed, 0, 400),
  };
}

/** Where the aircraft was at a moment: the nearest fix, as the server places a manual marker without a position. */
function nearestFix(fixes: Fix[], timestamp: number): Fix | undefined {
  let best: Fix | undefined;
  for (const fix of fixes) if (!best || Math.abs(fix.timestamp - timestamp) < Math.abs(best.timestamp - timestamp)) best = fix;
  return best;
}

/** A track without any fix has no position to give: the marker sits at 0, 0 and is placed by its time, as the server does. */
const noPosition = { latitude: 0, longitude: 0, altitude: null, accuracy: null, heading: null, speed: null };

/** The flight as POST /api/trips takes it: the fixes as its track, each rocker press as a marker. */
export function tripBodyOf({ meta, fixes, markers }: StoredRecording): TripCreateBody {
  const markerCoords = (marker: RecordedMarker) => {
    const fix = marker.position ?? nearestFix(fixes, marker.timestamp);
    return fix ? coordsOf(fix) : noPosition;
  };
  return {
    trip_name: meta.tripName,
    aircraft_id: meta.aircraftId,
    left_seat: meta.leftSeat,
    right_seat: meta.rightSeat,
    begin_time: meta.startedAt,
    points: fixes.slice(0, limits.trackMaxPoints).map((fix) => ({ timestamp: Math.round(fix.timestamp), ...coordsOf(fix) })),
    markers: markers
      .slice(0, limits.markersMaxPerTrip)
      .map((marker) => ({ markerID: marker.key, timestamp: Math.round(marker.timestamp), coords: markerCoords(marker), notes: { text: '' } })),
  };
}

const extensionOf = (type: string) => (type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : type.includes('wav') ? 'wav' : 'webm');

/** What is sent of a recording's audio: one file, and the `takes` metadata when it is more than the one take begun at Start. */
export type AudioToSend = { file: File; takes: string | undefined };

/**
 * The audio as a file whose name, type, size and date stay the same on every try: the tus client recognizes an upload
 * it started before by them and resumes it where it stopped instead of sending it again. A recording whose microphone
 * opened again after a reload is its takes one after another, with where each starts after Start in `takes`, for the
 * server to join on the flight's timeline; null when no audio was recorded.
 */
export function audioOf(meta: RecordingMeta, takes: AudioTakeBlob[]): AudioToSend | null {
  if (!takes.length) return null;
  const type = (meta.audioType ?? takes[0]!.audio.type).split(';')[0] ?? '';
  const file = new File(
    takes.map((take) => take.audio),
    `cockpit-${new Date(meta.startedAt).toISOString().replace(/[:.]/g, '-')}.${extensionOf(type)}`,
    { type, lastModified: meta.startedAt },
  );
  // A take's start is stored before its first piece; the first take starts with Start, give or take the microphone.
  const isOneTakeFromStart = takes.length === 1 && (meta.takes?.length ?? 0) <= 1;
  const offsets = takes.map((take) => Math.max(0, Math.round(take.startedAt - meta.startedAt)));
  // Offsets must grow: the phone's clock stepping back between takes (a time sync) moves a take just after the last.
  for (let index = 1; index < offsets.length; index++) offsets[index] = Math.max(offsets[index]!, offsets[index - 1]! + 1);
  return {
    file,
    takes: isOneTakeFromStart ? undefined : takes.map((take, index) => `${offsets[index]}:${take.audio.size}`).join(','),
  };
}

/** Recordings being sent by this tab, so the page load, the `online` event and Stop never send one twice at once. */
const sending = new Set<string>();

/**
 * Sends one stored recording (docs/product.md "Recording on a phone"): creates its flight once (the flight's id is
 * stored at once, so a retry never creates a second one), sends the audio with the resumable upload, and removes the
 * local copy only once the server has all of it. Anything that stops it keeps the recording on the phone to be tried
 * again: signed out (until the person signs in again), no connection, or the server's refusal.
 */
export async function sendRecording(
  store: RecordingStore,
  id: string,
  ownerId: string,
  ports: SendPorts,
  onProgress: (progress: SendProgress) => void = () => {},
): Promise<SendOutcome> {
  if (sending.has(id)) return { kind: 'skipped' };
  sending.add(id);
  try {
    const recording = await store.read(id);
    if (!recording || recording.meta.ownerId !== ownerId || recording.meta.state === 'recording') return { kind: 'skipped' };
    // The server confirmed it already; only the local copy was left (the page closed in between).
    if (recording.meta.state === 'uploaded' && recording.meta.tripId) {
      await store.delete(id);
      return { kind: 'sent', tripId: recording.meta.tripId };
    }
    if (needsQuestion(recording)) {
      await store.update(id, { state: 'needs-question' });
      return { kind: 'needs-question' };
    }
    await store.update(id, { state: 'uploading', lastError: null });
    let { tripId } = recording.meta;
    if (!tripId) {
      onProgress({ step: 'flight', fraction: 0 });
      tripId = (await ports.createTrip(tripBodyOf(recording))).trip_id;
      await store.update(id, { tripId });
    }
    const audio = recording.meta.hasAudio ? audioOf(recording.meta, await store.readAudioTakes(id)) : null;
    if (audio) {
      onProgress({ step: 'audio', fraction: 0 });
      await ports.uploadAudio(tripId, audio.file, (fraction) => onProgress({ step: 'audio', fraction }), audio.takes);
    }
    await store.update(id, { state: 'uploaded' });
    await store.delete(id);
    return { kind: 'sent', tripId };
  } catch (error) {
    const isSignInNeeded = error instanceof ApiError && error.status === 401;
    const reason = isSignInNeeded
      ? recorderMessages.signInToSend
      : error instanceof ApiError && error.status !== 0
        ? error.message
        : recorderMessages.sendWhenOnline;
    // The recording may have been discarded meanwhile: then there is nothing left to keep.
    if (await store.get(id)) await store.update(id, { state: 'stopped', lastError: reason });
    return { kind: 'kept', reason, isSignInNeeded };
  } finally {
    sending.delete(id);
  }
}

/** Sends every stopped recording of this person, one after another (the page load, the `online` event, Stop). */
export async function sendPending(
  store: RecordingStore,
  ownerId: string,
  ports: SendPorts,
  onProgress: (id: string, progress: SendProgress) => void = () => {},
): Promise<Map<string, SendOutcome>> {
  const outcomes = new Map<string, SendOutcome>();
  for (const meta of await store.list()) {
    // A recording left 'uploading' by a closed page goes on; one the person has not answered about waits for them.
    if (meta.ownerId !== ownerId || (meta.state !== 'stopped' && meta.state !== 'uploading' && meta.state !== 'uploaded')) continue;
    const outcome = await sendRecording(store, meta.id, ownerId, ports, (progress) => onProgress(meta.id, progress));
    outcomes.set(meta.id, outcome);
    // Signed out: every other recording would be refused the same way.
    if (outcome.kind === 'kept' && outcome.isSignInNeeded) break;
  }
  return outcomes;
}
