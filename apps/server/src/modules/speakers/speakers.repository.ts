import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trips, tripSpeakers } from '../../db/schema/index.ts';

export type TripSpeakerRow = typeof tripSpeakers.$inferSelect;

export async function listTripSpeakers(db: Executor, tripId: string): Promise<TripSpeakerRow[]> {
  return db.select().from(tripSpeakers).where(eq(tripSpeakers.tripId, tripId)).orderBy(asc(tripSpeakers.speaker));
}

/** Holds the trip row until the transaction ends, so two saves of one flight's names run one after the other. */
export async function lockTripForSpeakers(db: Executor, tripId: string): Promise<boolean> {
  const [row] = await db.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).for('no key update').limit(1);
  return Boolean(row);
}

export async function replaceTripSpeakers(
  db: Executor,
  tripId: string,
  speakers: readonly { speaker: number; label: string }[],
): Promise<void> {
  await db.delete(tripSpeakers).where(eq(tripSpeakers.tripId, tripId));
  if (speakers.length > 0) await db.insert(tripSpeakers).values(speakers.map(({ speaker, label }) => ({ tripId, speaker, label })));
}
