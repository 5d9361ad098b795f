import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../lib/app-context.ts';
import * as repository from './audio.repository.ts';

/**
 * An unfinished upload is a list of pieces in storage (`incoming/<upload>/…`, one per PATCH), so any
 * instance can take the next piece and the job can run on any instance; only a complete, processed
 * recording enters the trip's storage.
 */
export const incomingPrefix = 'incoming/';

export function pieceKey(uploadId: string, offset: number): string {
  return `${incomingPrefix}${uploadId}/${String(offset).padStart(13, '0')}-${randomUUID()}`;
}

/** Removes stored pieces (of an upload that ended, or of a deleted trip's uploads). */
export async function removeUploadPieces(ctx: AppContext, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => ctx.storage.delete(key)));
}

/**
 * Fails an upload still in `status`: it answers `error` when asked, and its pieces are removed. One that
 * moved on meanwhile (completed by another instance, say) is left as it is.
 */
export async function failUpload(ctx: AppContext, id: string, status: 'receiving' | 'processing', error: string): Promise<void> {
  const pieces = await repository.failUploadWhile(ctx.db, id, status, error);
  if (pieces) await removeUploadPieces(ctx, pieces);
}

/**
 * Copies a local file into storage. It is opened first: a recording removed meanwhile (its trip was
 * deleted) fails here, in the caller's hands, and one removed while it is read is still read whole.
 */
export async function storeFile(ctx: AppContext, key: string, file: string): Promise<void> {
  const handle = await open(file);
  try {
    await ctx.storage.put(key, handle.createReadStream());
  } finally {
    await handle.close();
  }
}

/** Writes the pieces, in order, into one local file. A missing piece fails with ENOENT. */
export async function joinPieces(ctx: AppContext, keys: readonly string[], file: string): Promise<void> {
  // One pipeline for every piece: piping each into the same file in turn would add listeners to it per piece.
  await pipeline(async function* () {
    for (const key of keys) yield* ctx.storage.read(key);
  }, createWriteStream(file));
}
