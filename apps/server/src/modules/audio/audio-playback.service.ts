import { messages } from '@skylog/contracts';
import { requireTrip } from '../../access/access.ts';
import { parseRangeHeader } from '../../integrations/storage/http-range.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import * as repository from './audio.repository.ts';

export async function getPeaks(ctx: AppContext, scope: RequestScope, tripId: string) {
  await requireTrip(ctx, scope.actor, tripId, 'read', scope);
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
export async function openAudio(ctx: AppContext, scope: RequestScope, tripId: string, rangeHeader: string | undefined) {
  await requireTrip(ctx, scope.actor, tripId, 'read', scope);
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

/** The flight's recording, for a module whose caller required the flight (or a job), in `db` (a transaction's too). */
export function findRecording(db: Executor, tripId: string) {
  return repository.findTripAudio(db, tripId);
}
