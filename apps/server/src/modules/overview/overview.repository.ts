import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { aircraft, trips } from '../../db/schema/index.ts';
import { spansOfBegin } from '../../db/trip-conditions.ts';

/**
 * Flights and flight time per span between consecutive `bounds` (weeks in the reader's time zone, whose
 * lengths differ across a clock change), read in one pass over the whole range.
 */
export async function countTripsPerSpan(db: Executor, where: SQL | undefined, bounds: Date[]) {
  const spans = spansOfBegin(bounds);
  return db
    .select({ bucket: spans.bucket, flights: sql<number>`count(*)::int`, durationMs: sql<string | null>`sum(${trips.durationMs})` })
    .from(trips)
    .where(and(where, spans.within))
    // By position: the bucket's expression carries parameters, and a repeat of it would be another expression.
    .groupBy(sql`1`);
}

/** Flight time per aircraft over the spans between `bounds`, most first (flights without an aircraft together). */
export async function sumFlightTimePerAircraft(db: Executor, where: SQL | undefined, bounds: Date[]) {
  const flightTime = sql<string>`coalesce(sum(${trips.durationMs}), 0)`;
  return db
    .select({ aircraftId: trips.aircraftId, tailNumber: aircraft.tailNumber, flights: sql<number>`count(*)::int`, durationMs: flightTime })
    .from(trips)
    .leftJoin(aircraft, eq(aircraft.id, trips.aircraftId))
    .where(and(where, spansOfBegin(bounds).within))
    .groupBy(trips.aircraftId, aircraft.tailNumber)
    .orderBy(desc(flightTime), aircraft.tailNumber);
}

/** Markers per rocker key of the flights `where` names, and how many flights hold one (the list's `marker` filter counts those). */
export async function countMarkersPerKey(db: Executor, where: SQL | undefined) {
  const key = sql<number>`(marker.value->>'markerID')::int`;
  return db
    .select({ key, markers: sql<number>`count(*)::int`, flights: sql<number>`count(distinct ${trips.id})::int` })
    .from(sql`${trips} cross join lateral jsonb_array_elements(${trips.markers}) as marker(value)`)
    .where(where)
    .groupBy(key)
    .orderBy(key);
}
