import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { aircraft } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

export type AircraftRow = typeof aircraft.$inferSelect;

const sortColumns = { tail_number: aircraft.tailNumber, call_sign: aircraft.callSign, type: aircraft.type } as const;

export async function listAircraft(
  db: Executor,
  filter: { orgId: string; search?: string | undefined },
  sort: { field: keyof typeof sortColumns; order: 'asc' | 'desc' },
  offset: number,
  limit: number,
) {
  const pattern = containsPattern(filter.search);
  const where = and(
    eq(aircraft.orgId, filter.orgId),
    pattern ? or(ilike(aircraft.tailNumber, pattern), ilike(aircraft.callSign, pattern), ilike(aircraft.type, pattern)) : undefined,
  );
  const column = sortColumns[sort.field];
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(aircraft)
      .where(where)
      .orderBy(sort.order === 'asc' ? asc(column) : desc(column), asc(aircraft.id))
      .offset(offset)
      .limit(limit),
    db.select({ value: count() }).from(aircraft).where(where),
  ]);
  return { items, total: totals[0]?.value ?? 0 };
}

export async function insertAircraft(db: Executor, values: typeof aircraft.$inferInsert): Promise<AircraftRow> {
  const [row] = await db.insert(aircraft).values(values).returning();
  return row!;
}

export async function updateAircraft(db: Executor, id: string, values: Partial<typeof aircraft.$inferInsert>): Promise<AircraftRow | undefined> {
  const [row] = await db.update(aircraft).set(values).where(eq(aircraft.id, id)).returning();
  return row;
}

export async function deleteAircraft(db: Executor, id: string): Promise<void> {
  await db.delete(aircraft).where(eq(aircraft.id, id));
}
