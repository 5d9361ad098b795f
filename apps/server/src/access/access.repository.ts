import { and, eq, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import { studentInstructor, tripAudio, tripShares, trips } from '../db/schema/index.ts';
import { tripHeaderColumns } from '../modules/trips/trips.repository.ts';

/** How two people are linked: does `a` instruct `b`, does `b` instruct `a`. */
export async function findLinksBetween(db: Executor, a: string, b: string): Promise<{ aInstructsB: boolean; bInstructsA: boolean }> {
  if (a === b) return { aInstructsB: false, bInstructsA: false };
  const rows = await db
    .select({ instructor: studentInstructor.instructor })
    .from(studentInstructor)
    .where(
      or(
        and(eq(studentInstructor.instructor, a), eq(studentInstructor.student, b)),
        and(eq(studentInstructor.instructor, b), eq(studentInstructor.student, a)),
      ),
    );
  return { aInstructsB: rows.some((row) => row.instructor === a), bInstructsA: rows.some((row) => row.instructor === b) };
}

/** The students linked to an instructor. */
export async function findStudentIdsOf(db: Executor, instructorId: string): Promise<string[]> {
  const rows = await db.select({ id: studentInstructor.student }).from(studentInstructor).where(eq(studentInstructor.instructor, instructorId));
  return rows.map((row) => row.id);
}

/** The instructors linked to a student. */
export async function findInstructorIdsOf(db: Executor, studentId: string): Promise<string[]> {
  const rows = await db.select({ id: studentInstructor.instructor }).from(studentInstructor).where(eq(studentInstructor.student, studentId));
  return rows.map((row) => row.id);
}

/**
 * A flight's header and how the actor relates to it (shared with them; do they instruct its owner or a
 * seat) and whether its recording is in, in one prepared read: every request for a flight and its parts asks.
 */
const tripAccessQuery = preparedQuery((db) => {
  const actor = sql.placeholder('actorId');
  return db
    .select({
      ...tripHeaderColumns,
      isSharedWithActor: sql<boolean>`exists (select 1 from ${tripShares} where ${tripShares.tripId} = ${trips.id} and ${tripShares.userId} = ${actor})`,
      isActorInstructorOfCrew: sql<boolean>`exists (select 1 from ${studentInstructor} where ${studentInstructor.instructor} = ${actor}
        and ${studentInstructor.student} in (${trips.skylogId}, ${trips.leftSeat}, ${trips.rightSeat}))`,
      hasRecording: sql<boolean>`exists (select 1 from ${tripAudio} where ${tripAudio.tripId} = ${trips.id})`,
    })
    .from(trips)
    .where(eq(trips.id, sql.placeholder('tripId')))
    .limit(1)
    .prepare('trip_access');
});

export async function findTripAccess(db: Database, tripId: string, actorId: string) {
  const [row] = await tripAccessQuery(db, { tripId, actorId });
  return row;
}
