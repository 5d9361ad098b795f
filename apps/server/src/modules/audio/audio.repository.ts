import { and, desc, eq, inArray, lt } from 'drizzle-orm';
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

export async function findUpload(db: Executor, id: string): Promise<AudioUploadRow | undefined> {
  const [row] = await db.select().from(audioUploads).where(eq(audioUploads.id, id)).limit(1);
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

/** Which of these upload ids still have bytes to keep (receiving or processing). */
export async function findLiveUploadIds(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: audioUploads.id })
    .from(audioUploads)
    .where(and(inArray(audioUploads.id, [...ids]), inArray(audioUploads.status, ['receiving', 'processing'])));
  return new Set(rows.map((row) => row.id));
}

export async function findUploadIdsOfTrip(db: Executor, tripId: string): Promise<string[]> {
  const rows = await db.select({ id: audioUploads.id }).from(audioUploads).where(eq(audioUploads.tripId, tripId));
  return rows.map((row) => row.id);
}
