import { limits, messages } from '@skylog/contracts';
import type { AppContext } from '../../lib/app-context.ts';
import * as repository from './audio.repository.ts';
import { failUpload, incomingPrefix, removeUploadPieces } from './upload-pieces.ts';

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
