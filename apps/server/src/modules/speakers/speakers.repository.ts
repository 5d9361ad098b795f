import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tripSpeakers } from '../../db/schema/index.ts';

export type TripSpeakerRow = typeof tripSpeakers.$inferSelect;

export async function listTripSpeakers(db: Executor, tripId: string): Promise<TripSpeakerRow[]> {
  return db.select().from(tripSpeakers).where(eq(tripSpeakers.tripId, tripId)).orderBy(asc(tripSpeakers.speaker));
}

export async function replaceTripSpeakers(
  db: Executor,
  tripId: string,
  speakers: readonly { speaker: number; label: string }[],
): Promise<void> {
  await db.delete(tripSpeakers).where(eq(tripSpeakers.tripId, tripId));
  if (speakers.length > 0) await db.insert(tripSpeakers).values(speakers.map(({ speaker, label }) => ({ tripId, speaker, label })));
}
