import { and, asc, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { orgColumns, selectPersonRows, subOrgColumns, tripHeaderColumns, type PersonRow } from '../db/columns.ts';
import { preparedQuery } from '../db/prepared.ts';
import {
  courses,
  enrollments,
  lessonRecords,
  aircraft,
  alerts,
  apiTokens,
  audioUploads,
  billingAccounts,
  endorsementRequests,
  invitations,
  logbookEntries,
  manualMarkers,
  orgs,
  studentInstructor,
  subOrgs,
  tripAudio,
  tripShares,
  trips,
  users,
} from '../db/schema/index.ts';
import type { SeatChoiceScope } from './access-rules.ts';

/**
 * Every read the access layer decides by (ARCHITECTURE.md, Access): the rows its loaders answer and the facts
 * about the actor's relation to them. Modules call the loaders; a module that needs one of these rows again
 * outside a loader (read back after its own write, a webhook, a job) reads it here rather than keeping a twin.
 */

export type AircraftRow = typeof aircraft.$inferSelect;
export type AudioUploadRow = typeof audioUploads.$inferSelect;
export type BillingAccount = typeof billingAccounts.$inferSelect;
export type ManualMarkerRow = typeof manualMarkers.$inferSelect;

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
 * A flight's header and how `actor` relates to it (shared with them; do they instruct its owner or a seat) and
 * whether its recording is in: what requireTrip decides by. A module that reads the flight for its answer anyway
 * selects these with it (on `trips`, as `access`) and hands them to requireTripRow, so the flight is read once.
 */
export function tripAccessColumns(actor: Placeholder | string) {
  return {
    ...tripHeaderColumns,
    isSharedWithActor: sql<boolean>`exists (select 1 from ${tripShares} where ${tripShares.tripId} = ${trips.id} and ${tripShares.userId} = ${actor})`,
    isActorInstructorOfCrew: sql<boolean>`exists (select 1 from ${studentInstructor} where ${studentInstructor.instructor} = ${actor}
      and ${studentInstructor.student} in (${trips.skylogId}, ${trips.leftSeat}, ${trips.rightSeat}))`,
    hasRecording: sql<boolean>`exists (select 1 from ${tripAudio} where ${tripAudio.tripId} = ${trips.id})`,
  };
}

/** The flight's `tripAccessColumns` alone, in one prepared read: every request for a flight's parts asks. */
const tripAccessQuery = preparedQuery((db) =>
  db
    .select(tripAccessColumns(sql.placeholder('actorId')))
    .from(trips)
    .where(eq(trips.id, sql.placeholder('tripId')))
    .limit(1)
    .prepare('trip_access'),
);

export type TripAccessRow = Awaited<ReturnType<typeof tripAccessQuery>>[number];

export async function findTripAccess(db: Database, tripId: string, actorId: string): Promise<TripAccessRow | undefined> {
  const [row] = await tripAccessQuery(db, { tripId, actorId });
  return row;
}

// People

export async function findPerson(db: Executor, skylogId: string): Promise<PersonRow | undefined> {
  const [row] = await selectPersonRows(db).where(eq(users.skylogId, skylogId)).limit(1);
  return row;
}

/** What the rules read of each person named (a link's two ends, the seats of a flight, an owner's organization). */
export async function findUsersByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ skylogId: users.skylogId, userType: users.userType, orgId: users.orgId, subOrgId: users.subOrgId })
    .from(users)
    .where(inArray(users.skylogId, [...ids]));
}

/** The people a crew picker may offer (access.ts filters them with the seat rule), by name. */
export async function findSeatCandidates(db: Executor, scope: Exclude<SeatChoiceScope, { isEmpty: true }>) {
  let who: SQL;
  if ('linkedTo' in scope) {
    const { userId, as } = scope.linkedTo;
    const linked =
      as === 'instructor'
        ? sql`select ${studentInstructor.student} from ${studentInstructor} where ${studentInstructor.instructor} = ${userId}`
        : sql`select ${studentInstructor.instructor} from ${studentInstructor} where ${studentInstructor.student} = ${userId}`;
    who = or(eq(users.skylogId, userId), sql`${users.skylogId} in (${linked})`)!;
  } else {
    who = or(eq(users.skylogId, scope.selfId), and(inArray(users.userType, [...scope.roles]), scope.subOrgId ? eq(users.subOrgId, scope.subOrgId) : undefined))!;
  }
  return db
    .select({ skylogId: users.skylogId, name: users.name, email: users.email, userType: users.userType, orgId: users.orgId, subOrgId: users.subOrgId })
    .from(users)
    .where(and(eq(users.orgId, scope.orgId), who))
    .orderBy(asc(users.name), asc(users.email));
}

// Organizations, invitations, billing

export async function findOrg(db: Executor, id: string) {
  const [row] = await db.select(orgColumns).from(orgs).where(eq(orgs.id, id)).limit(1);
  return row;
}

export async function findSubOrg(db: Executor, id: string) {
  const [row] = await db.select(subOrgColumns).from(subOrgs).where(eq(subOrgs.id, id)).limit(1);
  return row;
}

export async function findInvitationById(db: Executor, id: string) {
  const [row] = await db
    .select({ invitation: invitations, orgName: orgs.name })
    .from(invitations)
    .leftJoin(orgs, eq(orgs.id, invitations.orgId))
    .where(eq(invitations.id, id))
    .limit(1);
  return row;
}

export async function findBillingAccountByCustomer(db: Executor, customerId: string): Promise<BillingAccount | undefined> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.stripeCustomerId, customerId)).limit(1);
  return row;
}

// Rows of one flight, one person or one organization

export async function findManualMarker(db: Executor, id: string): Promise<ManualMarkerRow | undefined> {
  const [row] = await db.select().from(manualMarkers).where(eq(manualMarkers.id, id)).limit(1);
  return row;
}

export async function findUpload(db: Executor, id: string): Promise<AudioUploadRow | undefined> {
  const [row] = await db.select().from(audioUploads).where(eq(audioUploads.id, id)).limit(1);
  return row;
}

export async function findToken(db: Executor, id: string) {
  const [row] = await db.select({ id: apiTokens.id, userId: apiTokens.userId, revokedAt: apiTokens.revokedAt }).from(apiTokens).where(eq(apiTokens.id, id)).limit(1);
  return row;
}

export async function findAlert(db: Executor, id: string) {
  const [row] = await db.select({ id: alerts.id, orgId: alerts.orgId }).from(alerts).where(eq(alerts.id, id)).limit(1);
  return row;
}

const findAircraftQuery = preparedQuery((db) =>
  db.select().from(aircraft).where(eq(aircraft.id, sql.placeholder('id'))).limit(1).prepare('find_aircraft'),
);

/** Every aircraft route reads its aircraft first (access.requireAircraft). */
export async function findAircraft(db: Database, id: string): Promise<AircraftRow | undefined> {
  const [row] = await findAircraftQuery(db, { id });
  return row;
}

/** A logbook entry with what the rules decide by: its pilot. */
export async function findLogbookEntry(db: Executor, id: string) {
  const [row] = await db.select().from(logbookEntries).where(eq(logbookEntries.id, id)).limit(1);
  return row;
}
export type LogbookEntryRow = typeof logbookEntries.$inferSelect;

/** A request for an endorsement, open or answered, with its student. */
export async function findEndorsementRequest(db: Executor, id: string) {
  const [row] = await db.select().from(endorsementRequests).where(eq(endorsementRequests.id, id)).limit(1);
  return row;
}

/** A course with nothing but what deciding about it needs. */
export async function findCourse(db: Executor, id: string) {
  const [row] = await db.select({ id: courses.id, orgId: courses.orgId }).from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}

export async function findEnrollment(db: Executor, id: string) {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id)).limit(1);
  return row;
}
export type EnrollmentRow = typeof enrollments.$inferSelect;

export async function findLessonRecord(db: Executor, id: string) {
  const [row] = await db
    .select({ record: lessonRecords, studentId: enrollments.studentId, courseId: enrollments.courseId })
    .from(lessonRecords)
    .innerJoin(enrollments, eq(enrollments.id, lessonRecords.enrollmentId))
    .where(eq(lessonRecords.id, id))
    .limit(1);
  return row;
}
export type LessonRecordRow = typeof lessonRecords.$inferSelect;
