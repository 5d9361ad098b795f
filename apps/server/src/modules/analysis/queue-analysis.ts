import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trips } from '../../db/schema/index.ts';
import { enqueueJobOnce } from '../../jobs/job-payloads.ts';

/**
 * Asks for the trip's analysis to be made again (its track, markers or transcript changed): one
 * queued job however many changes arrive before it runs. Call inside the change's transaction, and
 * wake the worker after it commits.
 */
export async function queueAnalysis(db: Executor, tripId: string): Promise<void> {
  await db.update(trips).set({ aiStatus: 'queued' }).where(eq(trips.id, tripId));
  await enqueueJobOnce(db, 'trip.analyse', { tripId });
}
