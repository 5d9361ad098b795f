import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { limits, messages, uploadTooLargeMessage } from '@skylog/contracts';
import type { z } from 'zod';
import type { audioUploadCreateSchema } from '@skylog/contracts';
import { requireOwnUpload, requireTrip } from '../../access/access.ts';
import { AudioProcessingError } from '../../integrations/audio/audio-processing-error.ts';
import type { Executor } from '../../db/client.ts';
import { processAudio } from '../../integrations/audio/process-audio.ts';
import { parseRangeHeader } from '../../integrations/storage/http-range.ts';
import { enqueueJob } from '../../jobs/job-payloads.ts';
import { defaultWorkRoot } from '../../jobs/work-folders.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import { findTripHeader, lockTripRow, updateTrip } from '../trips/trips.repository.ts';
import * as repository from './audio.repository.ts';
import type { AudioUploadRow } from './audio.repository.ts';

/**
 * An unfinished upload is a list of pieces in storage (`incoming/<upload>/…`, one per PATCH), so any
 * instance can take the next piece and the job can run on any instance; only a complete, processed
 * recording enters the trip's storage.
 */
const incomingPrefix = 'incoming/';

function pieceKey(uploadId: string, offset: number): string {
  return `${incomingPrefix}${uploadId}/${String(offset).padStart(13, '0')}-${randomUUID()}`;
}

/** Removes stored pieces (of an upload that ended, or of a deleted trip's uploads). */
export async function removeUploadPieces(ctx: AppContext, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => ctx.storage.delete(key)));
}

/** A PATCH's bytes wait here until they are stored as a piece: this process's own folder, which a job worker starting on this machine removes once the process is gone (jobs/work-folders.ts). */
const pieceBufferFolder = path.join(defaultWorkRoot, `${process.pid}-uploads`);

function toUpload(row: AudioUploadRow, offset = row.offset) {
  return { id: row.id, trip_id: row.tripId, offset, size_bytes: row.sizeBytes, is_complete: offset >= row.sizeBytes };
}

/**
 * Fails an upload still in `status`: it answers `error` when asked, and its pieces are removed. One that
 * moved on meanwhile (completed by another instance, say) is left as it is.
 */
async function failUpload(ctx: AppContext, id: string, status: 'receiving' | 'processing', error: string): Promise<void> {
  const pieces = await repository.failUploadWhile(ctx.db, id, status, error);
  if (pieces) await removeUploadPieces(ctx, pieces);
}

/** The audio job failed for good (its retries spent): the upload says so. */
export const failUploadProcessing = (ctx: AppContext, uploadId: string) => failUpload(ctx, uploadId, 'processing', messages.audioProcessingFailed);

/** Why an upload takes no more bytes: an expired or replaced one says why; a finished one that it is complete. */
function endedUploadError(row: Pick<AudioUploadRow, 'status' | 'error'>): AppError {
  return conflict(row.status === 'failed' && row.error ? row.error : messages.uploadComplete);
}

/**
 * Unfinished uploads hold disk until they end, so they are limited: starting again on the same
 * trip replaces one's own unfinished upload there; beyond that, a few per person and per trip.
 */
async function makeRoomForUpload(ctx: AppContext, actor: RequestUser, tripId: string): Promise<void> {
  for (const row of await repository.findOpenUploads(ctx.db, { userId: actor.skylogId, tripId })) {
    await failUpload(ctx, row.id, 'receiving', messages.uploadReplaced);
  }
  const [ownOpen, tripOpen] = await Promise.all([
    repository.findOpenUploads(ctx.db, { userId: actor.skylogId }),
    repository.findOpenUploads(ctx.db, { tripId }),
  ]);
  if (ownOpen.length >= limits.openUploadsPerPerson) throw conflict(messages.uploadsOpenPerPerson);
  if (tripOpen.length >= limits.openUploadsPerTrip) throw conflict(messages.uploadsOpenPerTrip);
}

export async function createUpload(ctx: AppContext, actor: RequestUser, tripId: string, input: z.infer<typeof audioUploadCreateSchema>, path: string) {
  await requireTrip(ctx, actor, tripId, 'add-recording', { operation: 'audio-uploads.create', path });
  if (input.size_bytes > ctx.config.audioUploadMaxBytes) {
    const message = uploadTooLargeMessage(ctx.config.audioUploadMaxBytes);
    throw new AppError('body_too_large', message, { size_bytes: message });
  }
  await makeRoomForUpload(ctx, actor, tripId);
  const row = await repository.insertUpload(ctx.db, {
    tripId,
    userId: actor.skylogId,
    filename: input.filename,
    contentType: input.content_type ?? null,
    sizeBytes: input.size_bytes,
  });
  return toUpload(row);
}

export async function getUpload(ctx: AppContext, actor: RequestUser, id: string, path: string) {
  const row = await requireOwnUpload(ctx, actor, id, { operation: 'audio-uploads.read', path });
  return { ...toUpload(row, row.status === 'receiving' ? row.offset : row.sizeBytes), status: row.status, error: row.error };
}

/**
 * Appends one piece at `offset` (tus 1.0 PATCH). The bytes are kept on this machine until the piece
 * ends, then stored; a broken connection keeps every byte written by then: the client asks for the
 * offset and sends the rest, to this instance or another. The last byte queues processing.
 */
export async function appendToUpload(ctx: AppContext, actor: RequestUser, id: string, offset: number, body: Readable, requestPath: string) {
  const row = await requireOwnUpload(ctx, actor, id, { operation: 'audio-uploads.append', path: requestPath });
  if (row.status !== 'receiving') throw endedUploadError(row);
  if (offset !== row.offset) throw conflict(messages.uploadOffsetMismatch, { offset: String(row.offset) });
  // Each piece is an object in storage and an entry in the row: a client sending a byte at a time is stopped.
  if (row.pieces.length >= limits.uploadPiecesMax) throw conflict(messages.uploadTooManyPieces);
  await mkdir(pieceBufferFolder, { recursive: true });
  const buffered = path.join(pieceBufferFolder, `${id}-${randomUUID()}.part`);
  try {
    let passed = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (offset + passed + chunk.length > row.sizeBytes) return done(new AppError('body_too_large', messages.uploadTooLong));
        passed += chunk.length;
        done(null, chunk);
      },
    });
    const writer = createWriteStream(buffered);
    const failure: unknown = await pipeline(body, limiter, writer).then(
      () => null,
      (error: unknown) => error,
    );
    // A body longer than declared is refused whole.
    if (failure instanceof AppError) throw failure;
    // A client gone mid-piece keeps what reached the file (not what passed the limiter: a destroyed writer
    // drops what it had not written yet) and resumes after it.
    if (!writer.closed) await once(writer, 'close');
    const kept = (await stat(buffered)).size;
    if (kept > 0) await storePiece(ctx, row, offset, kept, buffered);
    if (failure) throw new AppError('bad_request', messages.uploadInterrupted);
    if (offset + kept === row.sizeBytes) ctx.jobs.wake();
    return toUpload(row, offset + kept);
  } finally {
    await rm(buffered, { force: true });
  }
}

async function storePiece(ctx: AppContext, row: AudioUploadRow, offset: number, size: number, file: string): Promise<void> {
  const key = pieceKey(row.id, offset);
  await storeFile(ctx, key, file);
  const isLast = offset + size === row.sizeBytes;
  const isRecorded = await ctx.db.transaction(async (tx) => {
    if (!(await repository.appendPiece(tx, row.id, { offset, size, key, isLast }))) return false;
    if (isLast) await enqueueJob(tx, 'audio.process', { uploadId: row.id });
    return true;
  });
  if (isRecorded) return;
  // Another request stored this offset first (or the upload ended meanwhile): this copy is not wanted.
  await ctx.storage.delete(key);
  const current = await repository.findUpload(ctx.db, row.id);
  if (!current) throw new AppError('not_found', messages.uploadNotFound);
  if (current.status !== 'receiving') throw endedUploadError(current);
  throw conflict(messages.uploadOffsetMismatch, { offset: String(current.offset) });
}

/**
 * Queues a recording already on this machine (the demo flights) through the same audio job as uploads:
 * the file is copied into storage now, its upload and job are written with `tx`, and the job runs once
 * that transaction commits (the caller wakes the queue).
 */
export async function queueAudioFile(ctx: AppContext, tx: Executor, tripId: string, userId: string | null, sourcePath: string): Promise<void> {
  const { size } = await stat(sourcePath);
  const id = randomUUID();
  const key = pieceKey(id, 0);
  await storeFile(ctx, key, sourcePath);
  await repository.insertUpload(tx, { id, tripId, userId, filename: path.basename(sourcePath), sizeBytes: size, offset: size, pieces: [key], status: 'processing' });
  await enqueueJob(tx, 'audio.process', { uploadId: id });
}

function extensionOf(filename: string): string {
  const extension = path.extname(filename).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(extension) ? extension : '';
}

/**
 * Copies a local file into storage. It is opened first: a recording removed meanwhile (its trip was
 * deleted) fails here, in the caller's hands, and one removed while it is read is still read whole.
 */
async function storeFile(ctx: AppContext, key: string, file: string): Promise<void> {
  const handle = await open(file);
  try {
    await ctx.storage.put(key, handle.createReadStream());
  } finally {
    await handle.close();
  }
}

/**
 * The audio job: decode once for duration and peaks, make a web-playable copy when needed, then
 * swap the trip's audio in one transaction. A file that is not audio fails the upload with a
 * message for the pilot and leaves the trip as it was. A trip deleted while the job runs (its
 * upload goes with it) ends the job quietly, with nothing of it left in storage.
 */
export async function processUpload(ctx: AppContext, uploadId: string, workDir: string): Promise<void> {
  const upload = await repository.findUpload(ctx.db, uploadId);
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
    if (await repository.findUpload(ctx.db, uploadId)) return fail(messages.uploadPiecesMissing);
    return; // the trip, and with it the upload and its pieces, was deleted meanwhile
  }
  const base = `trips/${trip.id}/audio-${uploadId}`;
  const originalKey = `${base}/original${extensionOf(upload.filename)}`;
  const stored: string[] = [];
  const isDeleted = async () => !(await repository.findUpload(ctx.db, uploadId));
  const discard = async () => {
    await Promise.all(stored.map((key) => ctx.storage.delete(key)));
    await removeUploadPieces(ctx, upload.pieces);
  };
  try {
    const result = await processAudio({
      ffmpegPath: ctx.audioTools.ffmpegPath,
      inputPath: incoming,
      outputDir: workDir,
      peaksPerSecond: limits.peaksPerSecond,
      peaksMax: limits.peaksMax,
    });
    if (await isDeleted()) return discard();
    stored.push(originalKey);
    await storeFile(ctx, originalKey, incoming);
    const isTranscoded = result.playable.path !== incoming;
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
      // A trip with audio and no track lasts as long as its recording.
      const current = await findTripHeader(tx, trip.id);
      if (current && current.pointCount === 0) {
        await updateTrip(tx, trip.id, { beginTime: startedAt, endTime: new Date(startedAt.getTime() + result.durationMs) });
      }
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

export async function getPeaks(ctx: AppContext, actor: RequestUser, tripId: string, path: string) {
  await requireTrip(ctx, actor, tripId, 'read', { operation: 'trips.read', path });
  const audio = await repository.findTripAudio(ctx.db, tripId);
  if (!audio) throw new AppError('not_found', messages.audioNotReady);
  return { duration_ms: audio.durationMs, peaks: audio.peaks };
}

/**
 * An open-ended range (`bytes=N-`, what a media element asks) is answered with at most this much:
 * a browser seeking through an Ogg file without an index probes several offsets and cancels each
 * answer; short answers keep those probes from pulling megabytes it throws away.
 */
const openRangeChunkBytes = 128 * 1024;

/** The playable audio, a byte range of it when asked (seeking in a long flight fetches little). */
export async function openAudio(ctx: AppContext, actor: RequestUser, tripId: string, rangeHeader: string | undefined, path: string) {
  await requireTrip(ctx, actor, tripId, 'read', { operation: 'trips.read', path });
  const audio = await repository.findTripAudioMeta(ctx.db, tripId);
  if (!audio) throw new AppError('not_found', messages.audioNotReady);
  const size = (await ctx.storage.stat(audio.playableKey))?.size;
  if (size === undefined) throw new AppError('not_found', messages.audioNotReady);
  const range = parseRangeHeader(rangeHeader, size);
  const headers: Record<string, string> = {
    'content-type': audio.mimeType,
    'accept-ranges': 'bytes',
    // Not kept: a replaced recording keeps this URL, and a cacheable answer makes Chromium's media
    // player fetch more of a long recording while seeking (npm run bench -- big-trip: 4 % → 6–8 %).
    'cache-control': 'no-store',
    etag: `"${Buffer.from(audio.playableKey).toString('base64url')}"`,
  };
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` }, stream: null };
  }
  if (range) {
    if (/^bytes=\d+-\s*$/.test(rangeHeader ?? '')) range.end = Math.min(range.end, range.start + openRangeChunkBytes - 1);
    return {
      status: 206,
      headers: { ...headers, 'content-range': `bytes ${range.start}-${range.end}/${size}`, 'content-length': String(range.end - range.start + 1) },
      stream: ctx.storage.read(audio.playableKey, range),
    };
  }
  return { status: 200, headers: { ...headers, 'content-length': String(size) }, stream: ctx.storage.read(audio.playableKey) };
}

/**
 * The upload sweeper (a periodic job): uploads idle for a day expire, and pieces no upload is waiting
 * for (left by a crash, a lost race or a deleted trip whose storage was unreachable) are removed once
 * an hour old.
 */
export async function sweepUploads(ctx: AppContext, now = new Date()): Promise<{ expired: number; orphans: number }> {
  const idle = await repository.findIdleUploads(ctx.db, new Date(now.getTime() - limits.uploadIdleExpiryHours * 3600 * 1000));
  for (const row of idle) await failUpload(ctx, row.id, 'receiving', messages.uploadExpired);
  // An hour's grace: a piece is stored a moment before its upload records it.
  const old = (await ctx.storage.list(incomingPrefix)).filter((file) => now.getTime() - file.modifiedAt.getTime() >= 3600 * 1000);
  const uploadIdOf = (key: string) => key.slice(incomingPrefix.length, incomingPrefix.length + 36);
  const ids = [...new Set(old.map((file) => uploadIdOf(file.key)))].filter((id) => /^[0-9a-f-]{36}$/.test(id));
  const live = await repository.findLivePieces(ctx.db, ids);
  const orphans = old.filter((file) => !live.get(uploadIdOf(file.key))?.has(file.key));
  await removeUploadPieces(ctx, orphans.map((file) => file.key));
  return { expired: idle.length, orphans: orphans.length };
}

/** Writes the pieces, in order, into one local file. A missing piece fails with ENOENT. */
async function joinPieces(ctx: AppContext, keys: readonly string[], file: string): Promise<void> {
  const output = createWriteStream(file);
  try {
    for (const key of keys) await pipeline(ctx.storage.read(key), output, { end: false });
  } finally {
    await new Promise<void>((resolve, reject) => output.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}
