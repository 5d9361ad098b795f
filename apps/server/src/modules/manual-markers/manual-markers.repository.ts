import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { manualMarkers } from '../../db/schema/index.ts';

export type ManualMarkerRow = typeof manualMarkers.$inferSelect;

export async function listManualMarkers(db: Executor, tripId: string): Promise<ManualMarkerRow[]> {
  return db.select().from(manualMarkers).where(eq(manualMarkers.tripId, tripId)).orderBy(asc(manualMarkers.timestamp), asc(manualMarkers.id));
}

export async function insertManualMarker(db: Executor, values: typeof manualMarkers.$inferInsert): Promise<ManualMarkerRow> {
  const [row] = await db.insert(manualMarkers).values(values).returning();
  return row!;
}

export async function updateManualMarker(db: Executor, id: string, values: Partial<typeof manualMarkers.$inferInsert>): Promise<ManualMarkerRow> {
  const [row] = await db
    .update(manualMarkers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(manualMarkers.id, id))
    .returning();
  return row!;
}
