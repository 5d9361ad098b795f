import { and, asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { TeachableMoment } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import { endorsements, logbookEntries, trips } from '../../db/schema/index.ts';

/**
 * What the hand-off brief reads beyond the courses' own rows: the student's analysed flights, logbook and
 * endorsements. SQL only; the caller decided who may read them.
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

/** A pilot's logbook entries in the logbook's order (by day, then as written): what currency is counted from. */
export function listLogbookFieldsOf(db: Executor, pilotId: string) {
  return db
    .select({ id: logbookEntries.id, fields: logbookEntries.fields })
    .from(logbookEntries)
    .where(eq(logbookEntries.pilotId, pilotId))
    .orderBy(asc(logbookEntries.entryDate), asc(logbookEntries.createdAt), asc(logbookEntries.id));
}

/** The endorsements a student was given, newest first. */
export function listEndorsementsGiven(db: Executor, studentId: string) {
  return db
    .select({ title: endorsements.title, regulation: endorsements.regulation, signedAt: endorsements.signedAt, expiresOn: endorsements.expiresOn })
    .from(endorsements)
    .where(eq(endorsements.studentId, studentId))
    .orderBy(desc(endorsements.signedAt));
}
