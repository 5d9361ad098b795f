import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trips, users } from '../../db/schema/index.ts';
import type { TripScope } from '../../access/access-rules.ts';
import { scopeCondition } from '../trips/trips.repository.ts';

/** Who sat beside the person, in the flights the scope holds: flights together and the last one. */
export async function findCrewMembers(db: Executor, scope: TripScope, userId: string) {
  const partner = sql<string>`case when ${trips.leftSeat} = ${userId} then ${trips.rightSeat} else ${trips.leftSeat} end`;
  const flights = db
    .select({ partner: partner.as('partner'), flights: sql<number>`count(*)::int`.as('flights'), last: sql<Date>`max(${trips.beginTime})`.as('last') })
    .from(trips)
    .where(and(scopeCondition(scope), or(eq(trips.leftSeat, userId), eq(trips.rightSeat, userId))))
    .groupBy(partner)
    .as('crew');
  return db
    .select({ skylogId: users.skylogId, name: users.name, email: users.email, flights: flights.flights, last: flights.last })
    .from(flights)
    .innerJoin(users, eq(users.skylogId, flights.partner))
    .orderBy(desc(flights.flights), desc(flights.last));
}
