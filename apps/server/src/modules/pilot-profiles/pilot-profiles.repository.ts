import { and, desc, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { trips, users } from '../../db/schema/index.ts';
import type { TripScope } from '../../access/access-rules.ts';
import { scopeCondition } from '../../db/trip-conditions.ts';

/** Who sat beside the person, in the flights the scope holds: flights together and the last one. */
export async function findCrewMembers(db: Executor, scope: TripScope, userId: string) {
  // One branch per seat the person sat in, so each reads its seat's index and names the other seat.
  const seatedWith = unionAll(
    db
      .select({ partner: sql<string>`${trips.rightSeat}`.as('partner'), beginTime: trips.beginTime })
      .from(trips)
      .where(and(scopeCondition(scope), eq(trips.leftSeat, userId))),
    db
      .select({ partner: sql<string>`${trips.leftSeat}`.as('partner'), beginTime: trips.beginTime })
      .from(trips)
      .where(and(scopeCondition(scope), eq(trips.rightSeat, userId))),
  ).as('seated_with');
  const crew = db
    .select({
      partner: seatedWith.partner,
      flights: sql<number>`count(*)::int`.as('flights'),
      last: sql<string | null>`max(${seatedWith.beginTime})`.as('last'),
    })
    .from(seatedWith)
    .groupBy(seatedWith.partner)
    .as('crew');
  return db
    .select({ skylogId: users.skylogId, name: users.name, email: users.email, flights: crew.flights, last: crew.last })
    .from(crew)
    .innerJoin(users, eq(users.skylogId, crew.partner))
    .orderBy(desc(crew.flights), desc(crew.last));
}
