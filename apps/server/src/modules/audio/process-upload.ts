import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { limits, messages, type AudioTake } from '@skylog/contracts';
import { AudioProcessingError } from '../../integrations/audio/audio-processing-error.ts';
import { joinTakes, type TakeFile } from '../../integrations/audio/join-takes.ts';
import { processAudio } from '../../integrations/audio/process-audio.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { findTripHeader, fitTimesToRecording, lockTripRow } from '../trips/trips.service.ts';
import { findUpload } from '../../access/access.repository.ts';
import * as repository from './audio.repository.ts';
import { failUpload, joinPieces, removeUploadPieces, storeFile } from './upload-pieces.ts';

/** The audio job failed for good (its retries spent): the upload says so. */
export const failUploadProcessing = (ctx: AppContext, uploadId: string) => failUpload(ctx, uploadId, 'processing', messages.audioProcessingFailed);

function extensionOf(filename: string): string {
  const extension = path.extname(filename).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(extension) ? extension : '';
}

/**
 * The takes of a recording sent in takes (their files one after another in `incoming`, docs/recorder-api.md
 * "Recordings in takes"), each written to its own file, then joined on the flight's timeline. Answers the joined file.
 */
async function joinUploadedTakes(ffmpegPath: string, incoming: string, takes: readonly AudioTake[], workDir: string): Promise<string> {
  const files: TakeFile[] = [];
  let start = 0;
  for (const [index, take] of takes.entries()) {
    const takePath = path.join(workDir, `take-${index}`);
    await pipeline(createReadStream(incoming, { start, end: start + take.size_bytes - 1 }), createWriteStream(takePath));
    files.push({ path: takePath, offsetMs: take.offset_ms });
    start += take.size_bytes;
  }
  const joined = path.join(workDir, 'joined.opus');
  await joinTakes({ ffmpegPath, takes: files, outputPath: joined });
  return joined;
}

/**
 * The audio job: decode once for duration and peaks, make a web-playable copy when needed, then
 * swap the trip's audio in one transaction. A file that is not audio fails the upload with a
 * message for the pilot and leaves the trip as it was. A trip deleted while the job runs (its
 * upload goes with it) ends the job quietly, with nothing of it left in storage.
 */
export async function processUpload(ctx: AppContext, uploadId: string, workDir: string): Promise<void> {
  const upload = await findUpload(ctx.db, uploadId);
  if (!upload || upload.status !== 'processing') return;
  const fail = (message: string) => failUpload(ctx, uploadId, 'processing', message);
  const trip = await findTripHeader(ctx.db, upload.tripId);
  if (!trip) return fail(messages.tripNotFound);
  if (!ctx.audioTools.ffmpegPath) return fail(messages.audioToolsMissing);
  // ffmpeg reads a file: the pieces, wherever they are stored, are joined into one on this machine.
  const incoming = path.join(workDir, `received${extensionOf(upload.filename)}`);
  try {
    await joinPieces(ctx, upload.pieces, incoming);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (await findUpload(ctx.db, uploadId)) return fail(messages.uploadPiecesMissing);
    return; // the trip, and with it the upload and its pieces, was deleted meanwhile
  }
  const base = `trips/${trip.id}/audio-${uploadId}`;
  const originalKey = `${base}/original${upload.takes ? '.opus' : extensionOf(upload.filename)}`;
  const stored: string[] = [];
  const isDeleted = async () => !(await findUpload(ctx.db, uploadId));
  const discard = async () => {
    await Promise.all(stored.map((key) => ctx.storage.delete(key)));
    await removeUploadPieces(ctx, upload.pieces);
  };
  try {
    // A recording in takes is joined into one (Ogg Opus) first; that joined recording is what is kept.
    const recording = upload.takes ? await joinUploadedTakes(ctx.audioTools.ffmpegPath, incoming, upload.takes, workDir) : incoming;
    const result = await processAudio({
      ffmpegPath: ctx.audioTools.ffmpegPath,
      inputPath: recording,
      outputDir: workDir,
      peaksPerSecond: limits.peaksPerSecond,
      peaksMax: limits.peaksMax,
    });
    if (await isDeleted()) return discard();
    stored.push(originalKey);
    await storeFile(ctx, originalKey, recording);
    const isTranscoded = result.playable.path !== recording;
    const playableKey = isTranscoded ? `${base}/playable.opus` : originalKey;
    if (isTranscoded) {
      stored.push(playableKey);
      await storeFile(ctx, playableKey, result.playable.path);
    }
    // The trip row's lock orders this against a deletion: a trip deleted before it is gone here.
    const previous = await ctx.db.transaction(async (tx) => {
      if (!(await lockTripRow(tx, trip.id))) return 'trip-deleted' as const;
      const replaced = await repository.findTripAudio(tx, trip.id);
      const startedAt = trip.beginTime ?? new Date();
      await repository.upsertTripAudio(tx, {
        tripId: trip.id,
        originalKey,
        playableKey,
        mimeType: result.playable.mimeType,
        sizeBytes: result.playable.sizeBytes,
        durationMs: result.durationMs,
        peaks: result.peaks,
        startedAt,
      });
      await repository.updateUpload(tx, uploadId, { status: 'done', error: null });
      await fitTimesToRecording(tx, trip.id, startedAt, result.durationMs);
      return replaced;
    });
    if (previous === 'trip-deleted') return discard();
    await removeUploadPieces(ctx, upload.pieces);
    if (previous) {
      const keep = new Set([originalKey, playableKey]);
      await Promise.all([...new Set([previous.originalKey, previous.playableKey])].filter((key) => !keep.has(key)).map((key) => ctx.storage.delete(key)));
    }
  } catch (error) {
    // The deletion removed the recording under ffmpeg or the storage write: not a failure to retry.
    if (await isDeleted()) return discard();
    if (error instanceof AudioProcessingError) return fail(error.message);
    throw error;
  }
}
