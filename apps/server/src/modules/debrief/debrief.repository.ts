import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The people of a flight (owner and seats) with their roles: who instructed, and which students get the debrief. */
export async function findFlightPeople(db: Executor, ids: readonly (string | null)[]) {
  const known = ids.filter((id): id is string => id !== null);
  if (known.length === 0) return [];
  return db
    .select({ skylogId: users.skylogId, name: users.name, email: users.email, userType: users.userType, isActive: users.isActive })
    .from(users)
    .where(inArray(users.skylogId, known));
}
