import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orgMarkerCategories } from '../../db/schema/index.ts';

export async function findOrgMarkerCategories(db: Executor, orgId: string) {
  return db.select().from(orgMarkerCategories).where(eq(orgMarkerCategories.orgId, orgId));
}

export async function replaceOrgMarkerCategories(db: Executor, orgId: string, rows: ReadonlyArray<{ key: number; text: string; color: string }>) {
  await db.delete(orgMarkerCategories).where(eq(orgMarkerCategories.orgId, orgId));
  if (rows.length > 0) await db.insert(orgMarkerCategories).values(rows.map((row) => ({ ...row, orgId })));
}
