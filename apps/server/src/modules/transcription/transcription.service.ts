import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import {
  generateTranscriptFailedMessage,
  messages,
  transcriptSentences,
  type TranscriptState,
  type TripTranscript,
} from '@skylog/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { transcriptionListQuerySchema } from '@skylog/contracts';
import { mayReadServerSetup, tripScope } from '../../access/access-rules.ts';
import { requireTrip, requireTripRow, tripNotFound } from '../../access/access.ts';
import { TranscriptionError } from '../../integrations/transcription/index.ts';
import { enqueueJob } from '../../jobs/job-payloads.ts';
import { PermanentJobError } from '../../jobs/job-queue.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { queueAnalysis } from '../analysis/queue-analysis.ts';
import { findRecording } from '../audio/audio-playback.service.ts';
import { findLatestUpload } from '../audio/audio-upload.service.ts';
import { lockTripRow } from '../trips/trips.service.ts';
import * as repository from './transcription.repository.ts';

/** Words a cockpit recording is full of and a general speech model mishears: sent as Deepgram keyterms. */
const aviationTerms = [
  ...['Alfa', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliett', 'Kilo', 'Lima', 'Mike'],
  ...['November', 'Oscar', 'Papa', 'Quebec', 'Romeo', 'Sierra', 'Tango', 'Uniform', 'Victor', 'Whiskey', 'X-ray', 'Yankee', 'Zulu'],
  ...['niner', 'squawk', 'QNH', 'altimeter', 'wilco', 'roger', 'readback', 'hold short', 'go around', 'flight level', 'cleared to land'],
];

function toState(row: NonNullable<Awaited<ReturnType<typeof repository.findTranscriptState>>>): TranscriptState {
  return {
    transcript_in_progress: row.inProgress,
    has_transcript: row.hasTranscript,
    transcript_error: row.error,
    transcript_started_at: row.startedAt?.toISOString() ?? null,
  };
}

async function readTranscriptState(ctx: AppContext, tripId: string): Promise<TranscriptState> {
  const row = await repository.findTranscriptState(ctx.db, tripId);
  if (!row) throw tripNotFound();
  return toState(row);
}

export async function getTranscriptState(ctx: AppContext, scope: RequestScope, tripId: string): Promise<TranscriptState> {
  await requireTrip(ctx, scope.actor, tripId, 'read', scope);
  return readTranscriptState(ctx, tripId);
}

export async function getTranscript(ctx: AppContext, scope: RequestScope, tripId: string): Promise<TripTranscript> {
  const row = await repository.findTranscript(ctx.db, tripId, scope.actor.skylogId);
  await requireTripRow(ctx, scope.actor, tripId, row?.access, 'read', scope);
  return { transcript_json: row!.transcriptJson ?? null };
}

/**
 * Queues the transcription of the trip's audio; transcript_in_progress stays on while it runs
 * (docs/product.md "Transcription and automatic notes"). Whoever may edit the trip may ask; a second request while one
 * runs is refused, so there is one job.
 */
export async function requestTranscript(ctx: AppContext, scope: RequestScope, tripId: string): Promise<TranscriptState> {
  const { actor } = scope;
  await requireTrip(ctx, actor, tripId, 'edit', scope);
  if (!ctx.transcription) throw new AppError('not_configured', mayReadServerSetup(actor) ? messages.transcriptNotConfigured : messages.transcriptNotSetUp);
  const [audio, upload] = await Promise.all([findRecording(ctx.db, tripId), findLatestUpload(ctx.db, tripId)]);
  if (upload?.status === 'processing') throw conflict(messages.transcriptAudioProcessing);
  if (!audio) throw conflict(messages.transcriptNeedsAudio);
  const isQueued = await ctx.db.transaction(async (tx) => {
    if (!(await repository.claimTranscript(tx, tripId))) return false;
    await enqueueJob(tx, 'transcript.generate', { tripId, requestedBy: actor.skylogId });
    return true;
  });
  if (!isQueued) throw conflict(messages.transcriptAlreadyRunning);
  ctx.jobs.wake();
  await ctx.audit.record({ actor, action: scope.operation, resource: `trips/${tripId}`, status: 'success', details: { provider: ctx.transcription.name } });
  return readTranscriptState(ctx, tripId);
}

/** A path the provider can stream from: the stored file itself, or a copy in the job's folder. */
async function localAudioPath(ctx: AppContext, key: string, workDir: string): Promise<string> {
  const local = ctx.storage.localPath?.(key);
  if (local) return local;
  const copy = path.join(workDir, path.basename(key));
  await pipeline(ctx.storage.read(key), createWriteStream(copy));
  return copy;
}

/**
 * The transcript.generate job: sends the trip's playable audio to the configured provider and stores
 * the answer (normalised, Deepgram-shaped) with its sentences, then asks for a new analysis. A
 * provider error that another try cannot mend (bad key, refused file) fails at once; the others are
 * retried by the queue with back-off.
 */
export async function generateTranscript(ctx: AppContext, tripId: string, workDir: string): Promise<void> {
  const provider = ctx.transcription;
  // The reason is kept on the trip for everyone who reads it, so it names no server setting.
  if (!provider) throw new PermanentJobError(messages.transcriptNotSetUp);
  const audio = await findRecording(ctx.db, tripId);
  if (!audio) throw new PermanentJobError(messages.transcriptNeedsAudio);
  const keyterms = [...(await repository.findFleetTerms(ctx.db, tripId)), ...aviationTerms];
  let transcript;
  try {
    const audioPath = await localAudioPath(ctx, audio.playableKey, workDir);
    transcript = await provider.transcribe({ path: audioPath, sizeBytes: audio.sizeBytes, mimeType: audio.mimeType, keyterms });
  } catch (error) {
    if (error instanceof TranscriptionError) throw error.isRetryable ? new Error(error.statusText) : new PermanentJobError(error.statusText);
    throw error;
  }
  const isStored = await ctx.db.transaction(async (tx) => {
    if (!(await lockTripRow(tx, tripId))) return false;
    // A new recording replaced the one sent: its transcript would not match what the screen plays.
    const current = await findRecording(tx, tripId);
    if (current?.playableKey !== audio.playableKey) {
      await repository.failTranscript(tx, tripId, messages.transcriptAudioReplaced);
      return false;
    }
    await repository.storeTranscript(tx, tripId, transcript, transcriptSentences(transcript));
    await queueAnalysis(tx, tripId);
    return true;
  });
  if (isStored) ctx.jobs.wake();
}

/** The job failed for good: the flag goes off and the reason is kept for the screen, in contracts' words. */
export async function failTranscript(ctx: AppContext, tripId: string, reason: string): Promise<void> {
  await repository.failTranscript(ctx.db, tripId, generateTranscriptFailedMessage(reason));
}

export async function listTranscriptions(ctx: AppContext, { actor }: RequestScope, query: z.infer<typeof transcriptionListQuerySchema>) {
  const { rows, total } = await repository.listTranscriptions(ctx.db, tripScope(actor), query.trip_id, {
    offset: query.page * query.page_size,
    limit: query.page_size,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      audio_log_id: row.tripId,
      trip_name: row.tripName,
      transcription_sentences: row.sentences,
      ai_notes: row.aiNotes,
      updated_at: row.updatedAt.toISOString(),
    })),
    total,
  };
}

/** The analysis's notes kept with the flight's transcription (the notes model reads them), in `db` (a transaction's too). */
export function setTranscriptionNotes(db: Executor, tripId: string, aiNotes: string | null): Promise<void> {
  return repository.updateTranscriptionNotes(db, tripId, aiNotes);
}
