import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { TeachableMoment } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import { trips } from '../../db/schema/index.ts';

/**
 * What the hand-off brief reads beyond the courses' own rows and the logbook: the student's analysed flights. SQL
 * only; the caller decided who may read them.
 */

/**
 * The teachable moments of the student's last analysed flights (in a seat), newest first. Only the analysis's
 * moments are read, not the whole stored analysis.
 */
export function listRecentFlightMoments(db: Executor, studentId: string, flights: number) {
  return db
    .select({
      id: trips.id,
      /** When it flew; a flight without times, when it was uploaded. */
      flownAt: sql<Date>`coalesce(${trips.beginTime}, ${trips.createdAt})`.mapWith(trips.createdAt),
      moments: sql<TeachableMoment[] | null>`${trips.flightAnalysis} -> 'moments'`,
    })
    .from(trips)
    .where(and(or(eq(trips.leftSeat, studentId), eq(trips.rightSeat, studentId)), isNotNull(trips.flightAnalysis)))
    .orderBy(sql`${trips.beginTime} desc nulls last`, desc(trips.createdAt))
    .limit(flights);
}
