import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { audioUploads, tripAudio } from '../../db/schema/index.ts';

export type TripAudioRow = typeof tripAudio.$inferSelect;

export async function findTripAudio(db: Executor, tripId: string): Promise<TripAudioRow | undefined> {
  const [row] = await db.select().from(tripAudio).where(eq(tripAudio.tripId, tripId)).limit(1);
  return row;
}

export async function findTripAudioMeta(db: Executor, tripId: string) {
  const [row] = await db
    .select({
      playableKey: tripAudio.playableKey,
      mimeType: tripAudio.mimeType,
      sizeBytes: tripAudio.sizeBytes,
      durationMs: tripAudio.durationMs,
      startedAt: tripAudio.startedAt,
      updatedAt: tripAudio.updatedAt,
    })
    .from(tripAudio)
    .where(eq(tripAudio.tripId, tripId))
    .limit(1);
  return row;
}

export async function upsertTripAudio(db: Executor, values: typeof tripAudio.$inferInsert): Promise<void> {
  await db
    .insert(tripAudio)
    .values(values)
    .onConflictDoUpdate({ target: tripAudio.tripId, set: { ...values, updatedAt: new Date() } });
}

export type AudioUploadRow = typeof audioUploads.$inferSelect;

export async function findLatestUpload(db: Executor, tripId: string): Promise<AudioUploadRow | undefined> {
  const [row] = await db
    .select()
    .from(audioUploads)
    .where(eq(audioUploads.tripId, tripId))
    .orderBy(desc(audioUploads.createdAt))
    .limit(1);
  return row;
}

export async function insertUpload(db: Executor, values: typeof audioUploads.$inferInsert): Promise<AudioUploadRow> {
  const [row] = await db.insert(audioUploads).values(values).returning();
  return row!;
}

export async function updateUpload(db: Executor, id: string, values: Partial<typeof audioUploads.$inferInsert>): Promise<void> {
  await db
    .update(audioUploads)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(audioUploads.id, id));
}

/**
 * Fails an upload only while it is in the given state; answers its stored pieces, or null when it had
 * moved on (completed by another instance meanwhile, say).
 */
export async function failUploadWhile(db: Executor, id: string, status: 'receiving' | 'processing', error: string): Promise<string[] | null> {
  const [row] = await db
    .update(audioUploads)
    .set({ status: 'failed', error, updatedAt: new Date() })
    .where(and(eq(audioUploads.id, id), eq(audioUploads.status, status)))
    .returning({ pieces: audioUploads.pieces });
  return row ? row.pieces : null;
}

/** Removes an upload still receiving bytes (tus termination); answers its stored pieces, or null when it had moved on. */
export async function deleteUploadWhileReceiving(db: Executor, id: string): Promise<string[] | null> {
  const [row] = await db
    .delete(audioUploads)
    .where(and(eq(audioUploads.id, id), eq(audioUploads.status, 'receiving')))
    .returning({ pieces: audioUploads.pieces });
  return row ? row.pieces : null;
}

/** Uploads still receiving bytes, of a person and/or a trip. */
export async function findOpenUploads(db: Executor, of: { userId?: string; tripId?: string }): Promise<AudioUploadRow[]> {
  return db
    .select()
    .from(audioUploads)
    .where(
      and(
        eq(audioUploads.status, 'receiving'),
        of.userId ? eq(audioUploads.userId, of.userId) : undefined,
        of.tripId ? eq(audioUploads.tripId, of.tripId) : undefined,
      ),
    );
}

/** Unfinished uploads nobody has sent a byte to since `before`. */
export async function findIdleUploads(db: Executor, before: Date): Promise<AudioUploadRow[]> {
  return db
    .select()
    .from(audioUploads)
    .where(and(eq(audioUploads.status, 'receiving'), lt(audioUploads.updatedAt, before)));
}

/**
 * Records a stored piece if the upload still stands at `offset` (the statement is the referee
 * between two instances sent the same piece: one wins, the other is told the new offset). The
 * last piece hands the upload to processing.
 */
export async function appendPiece(db: Executor, id: string, piece: { offset: number; size: number; key: string; isLast: boolean }) {
  const [row] = await db
    .update(audioUploads)
    .set({
      offset: sql`${audioUploads.offset} + ${piece.size}`,
      pieces: sql`${audioUploads.pieces} || jsonb_build_array(${piece.key}::text)`,
      status: piece.isLast ? 'processing' : 'receiving',
      updatedAt: new Date(),
    })
    .where(and(eq(audioUploads.id, id), eq(audioUploads.offset, piece.offset), eq(audioUploads.status, 'receiving')))
    .returning({ id: audioUploads.id });
  return row !== undefined;
}

/** The stored pieces of these uploads that are still wanted (receiving or processing), by upload id. */
export async function findLivePieces(db: Executor, ids: readonly string[]): Promise<Map<string, Set<string>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: audioUploads.id, pieces: audioUploads.pieces })
    .from(audioUploads)
    .where(and(inArray(audioUploads.id, [...ids]), inArray(audioUploads.status, ['receiving', 'processing'])));
  return new Map(rows.map((row) => [row.id, new Set(row.pieces)]));
}

/** Every stored piece of a trip's uploads (removed with the trip). */
export async function findUploadPiecesOfTrip(db: Executor, tripId: string): Promise<string[]> {
  const rows = await db.select({ pieces: audioUploads.pieces }).from(audioUploads).where(eq(audioUploads.tripId, tripId));
  return rows.flatMap((row) => row.pieces);
}
