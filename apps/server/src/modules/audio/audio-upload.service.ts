import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { audioUploadMetadataSchema, limits, messages, uploadTooLargeMessage, type AudioUpload } from '@skylog/contracts';
import { requireOwnUpload, requireTrip, type AccessContext } from '../../access/access.ts';
import type { Executor } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-payloads.ts';
import { defaultWorkRoot } from '../../jobs/work-folders.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { findUpload } from '../../access/access.repository.ts';
import * as repository from './audio.repository.ts';
import type { AudioUploadRow } from './audio.repository.ts';
import { expiresAt } from './tus-protocol.ts';
import { failUpload, pieceKey, removeUploadPieces, storeFile } from './upload-pieces.ts';

/**
 * A flight's resumable audio uploads (tus 1.0, docs/recorder-api.md): created with the recording's size, sent in
 * pieces at their offsets, to any instance (the offset and the pieces are in the database and the storage). The
 * last byte queues the `audio.process` job.
 */

/** A PATCH's bytes wait here until they are stored as a piece: this process's own folder, which a job worker starting on this machine removes once the process is gone (jobs/work-folders.ts). */
const pieceBufferFolder = path.join(defaultWorkRoot, `${process.pid}-uploads`);

/** An upload as its client sees it: progress and processing, what it said of its file, and when it expires unfinished. */
export type UploadView = { upload: AudioUpload; filename: string; filetype: string | null; expires: Date | null };

function viewOf(row: AudioUploadRow, offset = row.offset, lastActive = row.updatedAt): UploadView {
  const status = row.status === 'receiving' && offset >= row.sizeBytes ? 'processing' : row.status;
  return {
    upload: { id: row.id, trip_id: row.tripId, offset, size_bytes: row.sizeBytes, is_complete: offset >= row.sizeBytes, status, error: row.error },
    filename: row.filename,
    filetype: row.contentType,
    expires: status === 'receiving' ? expiresAt(lastActive) : null,
  };
}

/** An upload that ended before its last byte (expired or replaced) is gone for good: 410 with why. */
const isGone = (row: Pick<AudioUploadRow, 'status' | 'offset' | 'sizeBytes'>) => row.status === 'failed' && row.offset < row.sizeBytes;

/** Why an upload takes no more bytes: a gone one says why; a complete one that it is complete. */
function endedUploadError(row: Pick<AudioUploadRow, 'status' | 'error' | 'offset' | 'sizeBytes'>): AppError {
  return isGone(row) ? new AppError('gone', row.error ?? messages.uploadExpired) : conflict(messages.uploadComplete);
}

/**
 * An upload idle past its Upload-Expires is expired when it is next named, not only when the sweeper next
 * runs: what the client was told holds.
 */
async function expireIfIdle(ctx: AppContext, row: AudioUploadRow): Promise<AudioUploadRow> {
  if (row.status !== 'receiving' || expiresAt(row.updatedAt).getTime() > Date.now()) return row;
  await failUpload(ctx, row.id, 'receiving', messages.uploadExpired);
  return (await findUpload(ctx.db, row.id)) ?? row;
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

/** What `Upload-Metadata` says of the file, by contracts' rules; a broken rule names the header and its key. */
function fileOf(metadata: Record<string, string>) {
  const result = audioUploadMetadataSchema.safeParse({ filename: metadata.filename, filetype: metadata.filetype || undefined, takes: metadata.takes });
  if (result.success) return result.data;
  const fields = Object.fromEntries(result.error.issues.map((issue) => [`upload-metadata.${issue.path.join('.')}`, issue.message]));
  throw badRequest(result.error.issues[0]!.message, fields);
}

/** tus creation: whoever may add the flight's recording starts an upload of `sizeBytes`. */
export async function createUpload(
  ctx: AppContext,
  scope: RequestScope,
  tripId: string,
  input: { sizeBytes: number; metadata: Record<string, string> },
): Promise<UploadView> {
  const { actor } = scope;
  await requireTrip(ctx, actor, tripId, 'add-recording', scope);
  const file = fileOf(input.metadata);
  if (input.sizeBytes === 0) throw badRequest(messages.uploadEmpty, { 'upload-length': messages.uploadEmpty });
  if (input.sizeBytes > ctx.config.audioUploadMaxBytes) {
    const message = uploadTooLargeMessage(ctx.config.audioUploadMaxBytes);
    throw new AppError('body_too_large', message, { 'upload-length': message });
  }
  if (file.takes && file.takes.reduce((sum, take) => sum + take.size_bytes, 0) !== input.sizeBytes) {
    throw badRequest(messages.uploadTakesSizeMismatch, { 'upload-metadata.takes': messages.uploadTakesSizeMismatch });
  }
  await makeRoomForUpload(ctx, actor, tripId);
  const row = await repository.insertUpload(ctx.db, {
    tripId,
    userId: actor.skylogId,
    filename: file.filename,
    contentType: file.filetype ?? null,
    sizeBytes: input.sizeBytes,
    takes: file.takes ?? null,
  });
  return viewOf(row);
}

/**
 * An upload of the flight, to the person who started it (GET and HEAD on its URL). Processing it (the job)
 * does not need its sender to stay on the flight's crew, so neither does asking how it went.
 */
async function requireUpload(ctx: AppContext, actor: RequestUser, tripId: string, id: string, at: AccessContext) {
  return expireIfIdle(ctx, await requireOwnUpload(ctx, actor, tripId, id, at));
}

/** How much of an upload the server has, and its processing (GET on its URL: every state, a failed one with why). */
export async function getUpload(ctx: AppContext, scope: RequestScope, tripId: string, id: string): Promise<UploadView> {
  return viewOf(await requireUpload(ctx, scope.actor, tripId, id, scope));
}

/** tus HEAD: the offset to resume from; an upload that ended unfinished is gone (410). */
export async function headUpload(ctx: AppContext, scope: RequestScope, tripId: string, id: string): Promise<UploadView> {
  const row = await requireUpload(ctx, scope.actor, tripId, id, scope);
  if (isGone(row)) throw endedUploadError(row);
  return viewOf(row);
}

/** tus termination: the sender drops an unfinished upload, and its bytes with it. A complete one is the job's. */
export async function terminateUpload(ctx: AppContext, scope: RequestScope, tripId: string, id: string): Promise<void> {
  const row = await requireUpload(ctx, scope.actor, tripId, id, scope);
  if (row.status !== 'receiving') throw endedUploadError(row);
  const pieces = await repository.deleteUploadWhileReceiving(ctx.db, id);
  // Completed meanwhile by a PATCH to another instance: it is being processed.
  if (!pieces) throw endedUploadError((await findUpload(ctx.db, id)) ?? row);
  await removeUploadPieces(ctx, pieces);
}

/**
 * tus PATCH: appends one piece at `offset`. Sending bytes that become the flight's audio is adding its
 * recording, so after the upload (its sender's alone) the flight is asked again: a sender taken off the crew
 * meanwhile stops here. The bytes are
 * kept on this machine until the piece ends, then stored; a broken connection keeps every byte written by
 * then: the client asks for the offset (HEAD) and sends the rest, to this instance or another. The last byte
 * queues processing.
 */
export async function appendToUpload(ctx: AppContext, scope: RequestScope, tripId: string, id: string, offset: number, body: Readable): Promise<UploadView> {
  const { actor } = scope;
  const row = await requireUpload(ctx, actor, tripId, id, scope);
  await requireTrip(ctx, actor, tripId, 'add-recording', scope);
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
    return viewOf(row, offset + kept, new Date());
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
  const current = await findUpload(ctx.db, row.id);
  if (!current) throw notFound(messages.uploadNotFound);
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

/** The flight's newest upload, for a module whose caller required the flight. */
export function findLatestUpload(db: Executor, tripId: string): Promise<AudioUploadRow | undefined> {
  return repository.findLatestUpload(db, tripId);
}

/** The stored pieces of every upload of the flight, to remove with it. */
export function findUploadPiecesOfTrip(db: Executor, tripId: string): Promise<string[]> {
  return repository.findUploadPiecesOfTrip(db, tripId);
}
