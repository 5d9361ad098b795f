import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { studentInstructor, tripShares, trips } from '../db/schema/index.ts';

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

/** How a trip relates to a person: shared with them, and whether they instruct its owner or a seat. */
export async function findTripRelations(db: Executor, tripId: string, userId: string) {
  const [row] = await db
    .select({
      isSharedWithActor: sql<boolean>`exists (select 1 from ${tripShares} where ${tripShares.tripId} = ${trips.id} and ${tripShares.userId} = ${userId})`,
      isActorInstructorOfCrew: sql<boolean>`exists (select 1 from ${studentInstructor} where ${studentInstructor.instructor} = ${userId}
        and ${studentInstructor.student} in (${trips.skylogId}, ${trips.leftSeat}, ${trips.rightSeat}))`,
    })
    .from(trips)
    .where(eq(trips.id, tripId))
    .limit(1);
  return { isSharedWithActor: Boolean(row?.isSharedWithActor), isActorInstructorOfCrew: Boolean(row?.isActorInstructorOfCrew) };
}
