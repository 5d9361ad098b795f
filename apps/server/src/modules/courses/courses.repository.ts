import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CourseContent, GradingScaleKey, Program } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import {
  courseCheckInstructors,
  courseRevisions,
  courses,
  enrollments,
  itemGrades,
  lessonRecords,
  reworkItems,
  trips,
  users,
  type LessonSignature,
  type StoredProposal,
} from '../../db/schema/index.ts';

export type CourseRow = typeof courses.$inferSelect;
export type RevisionRow = typeof courseRevisions.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;
export type RecordRow = typeof lessonRecords.$inferSelect;
export type ItemGradeRow = typeof itemGrades.$inferSelect;
export type ReworkRow = typeof reworkItems.$inferSelect;

// Courses

export function listCoursesOf(db: Executor, orgId: string) {
  return db
    .select({
      course: courses,
      // Spelled out: in a one-table select the builder leaves column names unqualified, which the subquery would misread.
      revision: sql<number>`(select max(r.number) from course_revisions r where r.course_id = "courses"."id")`.mapWith(Number),
      students: sql<number>`(select count(*) from enrollments e where e.course_id = "courses"."id" and e.status = 'active')`.mapWith(Number),
    })
    .from(courses)
    .where(eq(courses.orgId, orgId))
    .orderBy(asc(courses.name), asc(courses.createdAt));
}

export async function findCourse(db: Executor, id: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}

export async function insertCourse(
  db: Executor,
  values: { orgId: string; name: string; part: Program; scale: GradingScaleKey; templateKey: string | null; createdBy: string },
): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(values).returning();
  return row!;
}

export async function updateCourse(db: Executor, id: string, values: { name?: string; scale?: GradingScaleKey }): Promise<void> {
  await db
    .update(courses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(courses.id, id));
}

/** A course's revisions, the newest first, each with how many students are enrolled on it. */
export function listRevisions(db: Executor, courseId: string) {
  return db
    .select({
      revision: courseRevisions,
      students: sql<number>`(select count(*) from enrollments e where e.revision_id = "course_revisions"."id" and e.status = 'active')`.mapWith(Number),
    })
    .from(courseRevisions)
    .where(eq(courseRevisions.courseId, courseId))
    .orderBy(desc(courseRevisions.number));
}

export async function findRevision(db: Executor, id: string): Promise<RevisionRow | undefined> {
  const [row] = await db.select().from(courseRevisions).where(eq(courseRevisions.id, id)).limit(1);
  return row;
}

/** The newest revision, locked for update: two changes at once make one new revision each, in turn. */
export async function lockLatestRevision(db: Executor, courseId: string): Promise<RevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(courseRevisions)
    .where(eq(courseRevisions.courseId, courseId))
    .orderBy(desc(courseRevisions.number))
    .limit(1)
    .for('update');
  return row;
}

export async function insertRevision(db: Executor, values: { courseId: string; number: number; content: CourseContent; createdBy: string }): Promise<RevisionRow> {
  const [row] = await db.insert(courseRevisions).values(values).returning();
  return row!;
}

export async function updateRevisionContent(db: Executor, id: string, content: CourseContent): Promise<void> {
  await db.update(courseRevisions).set({ content }).where(and(eq(courseRevisions.id, id), isNull(courseRevisions.lockedAt)));
}

export async function lockRevision(db: Executor, id: string): Promise<void> {
  await db.update(courseRevisions).set({ lockedAt: new Date() }).where(and(eq(courseRevisions.id, id), isNull(courseRevisions.lockedAt)));
}

export function listCheckInstructors(db: Executor, courseId: string) {
  return db
    .select({ skylogId: users.skylogId, name: users.name })
    .from(courseCheckInstructors)
    .innerJoin(users, eq(users.skylogId, courseCheckInstructors.instructorId))
    .where(eq(courseCheckInstructors.courseId, courseId))
    .orderBy(asc(users.name));
}

export async function isCheckInstructor(db: Executor, courseId: string, instructorId: string): Promise<boolean> {
  const [row] = await db
    .select({ courseId: courseCheckInstructors.courseId })
    .from(courseCheckInstructors)
    .where(and(eq(courseCheckInstructors.courseId, courseId), eq(courseCheckInstructors.instructorId, instructorId)))
    .limit(1);
  return row !== undefined;
}

export async function replaceCheckInstructors(db: Executor, courseId: string, instructorIds: readonly string[]): Promise<void> {
  await db.delete(courseCheckInstructors).where(eq(courseCheckInstructors.courseId, courseId));
  if (instructorIds.length > 0)
    await db.insert(courseCheckInstructors).values(instructorIds.map((instructorId) => ({ courseId, instructorId })));
}

/** The organization's instructors among these people: only they may be named check instructors. */
export function findInstructorsOfOrg(db: Executor, orgId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ skylogId: users.skylogId })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.userType, 'instructor'), inArray(users.skylogId, [...ids])));
}

// Enrolments

export async function insertEnrollment(
  db: Executor,
  values: { orgId: string; studentId: string; courseId: string; revisionId: string; enrolledOn: string; createdBy: string },
): Promise<EnrollmentRow> {
  const [row] = await db.insert(enrollments).values(values).onConflictDoNothing().returning();
  return row!;
}

export async function lockEnrollment(db: Executor, id: string): Promise<EnrollmentRow | undefined> {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id)).limit(1).for('update');
  return row;
}

export async function moveEnrollment(db: Executor, id: string, revisionId: string): Promise<void> {
  await db.update(enrollments).set({ revisionId }).where(eq(enrollments.id, id));
}

export async function graduate(db: Executor, id: string, day: string): Promise<void> {
  await db.update(enrollments).set({ status: 'graduated', graduatedOn: day }).where(and(eq(enrollments.id, id), eq(enrollments.status, 'active')));
}

export async function findEnrollmentJoin(db: Executor, id: string) {
  const [row] = await db
    .select({ enrollment: enrollments, course: courses, revision: courseRevisions })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(courseRevisions, eq(courseRevisions.id, enrollments.revisionId))
    .where(eq(enrollments.id, id))
    .limit(1);
  return row;
}

export function listEnrollmentsOf(db: Executor, studentIds: readonly string[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ enrollment: enrollments, course: courses, revision: courseRevisions })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(courseRevisions, eq(courseRevisions.id, enrollments.revisionId))
    .where(inArray(enrollments.studentId, [...studentIds]))
    .orderBy(desc(enrollments.enrolledOn), desc(enrollments.createdAt));
}

/** The active enrolments of a school, for its overview. */
export function listActiveEnrollmentsOfOrg(db: Executor, orgId: string) {
  return db
    .select({ enrollment: enrollments, course: courses, revision: courseRevisions, studentName: users.name })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(courseRevisions, eq(courseRevisions.id, enrollments.revisionId))
    .innerJoin(users, eq(users.skylogId, enrollments.studentId))
    .where(and(eq(enrollments.orgId, orgId), eq(enrollments.status, 'active')));
}

export async function latestRevisionNumbers(db: Executor, courseIds: readonly string[]): Promise<Map<string, { id: string; number: number }>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: courseRevisions.courseId, id: courseRevisions.id, number: courseRevisions.number })
    .from(courseRevisions)
    .where(inArray(courseRevisions.courseId, [...courseIds]))
    .orderBy(asc(courseRevisions.number));
  return new Map(rows.map((row) => [row.courseId, { id: row.id, number: row.number }]));
}

// Lesson records

/** Every lesson record of these enrolments with the flight's hours (the recording's length) and the instructor's name. */
export function listRecordsOf(db: Executor, enrollmentIds: readonly string[]) {
  if (enrollmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      record: lessonRecords,
      instructorName: users.name,
      flightMs: trips.durationMs,
    })
    .from(lessonRecords)
    .leftJoin(users, eq(users.skylogId, lessonRecords.instructorId))
    .leftJoin(trips, eq(trips.id, lessonRecords.tripId))
    .where(inArray(lessonRecords.enrollmentId, [...enrollmentIds]))
    .orderBy(asc(lessonRecords.lessonDate), asc(lessonRecords.createdAt));
}

/** One lesson record with its enrolment, course, revision, instructor's name and the flight's length. */
export function listRecordsById(db: Executor, id: string) {
  return db
    .select({
      record: lessonRecords,
      enrollment: enrollments,
      course: courses,
      revision: courseRevisions,
      instructorName: users.name,
      flightMs: trips.durationMs,
    })
    .from(lessonRecords)
    .innerJoin(enrollments, eq(enrollments.id, lessonRecords.enrollmentId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(courseRevisions, eq(courseRevisions.id, enrollments.revisionId))
    .leftJoin(users, eq(users.skylogId, lessonRecords.instructorId))
    .leftJoin(trips, eq(trips.id, lessonRecords.tripId))
    .where(eq(lessonRecords.id, id))
    .limit(1);
}

export async function findScaleOfRecord(db: Executor, id: string): Promise<GradingScaleKey | undefined> {
  const [row] = await db
    .select({ scale: courses.scale })
    .from(lessonRecords)
    .innerJoin(enrollments, eq(enrollments.id, lessonRecords.enrollmentId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(lessonRecords.id, id))
    .limit(1);
  return row?.scale;
}

export async function insertRecord(
  db: Executor,
  values: { enrollmentId: string; lessonKey: string; tripId: string | null; lessonDate: string; instructorId: string; stageCheck: boolean; groundHours: number },
): Promise<RecordRow> {
  const [row] = await db.insert(lessonRecords).values(values).returning();
  return row!;
}

export async function lockRecord(db: Executor, id: string): Promise<RecordRow | undefined> {
  const [row] = await db.select().from(lessonRecords).where(eq(lessonRecords.id, id)).limit(1).for('update');
  return row;
}

export async function closeRecord(
  db: Executor,
  id: string,
  values: { status: 'complete' | 'incomplete'; remarks: string | null; signature: LessonSignature },
): Promise<void> {
  await db
    .update(lessonRecords)
    .set({ ...values, completedAt: new Date() })
    .where(eq(lessonRecords.id, id));
}

export function listRecordsOfTrip(db: Executor, tripId: string) {
  return db
    .select({ record: lessonRecords, studentId: enrollments.studentId, revision: courseRevisions })
    .from(lessonRecords)
    .innerJoin(enrollments, eq(enrollments.id, lessonRecords.enrollmentId))
    .innerJoin(courseRevisions, eq(courseRevisions.id, enrollments.revisionId))
    .where(eq(lessonRecords.tripId, tripId));
}

/** Who taught a stage of an enrolment: the instructors of its lessons other than stage checks. */
export async function instructorsOfStage(db: Executor, enrollmentId: string, lessonKeys: readonly string[]): Promise<Set<string>> {
  if (lessonKeys.length === 0) return new Set();
  const rows = await db
    .select({ instructorId: lessonRecords.instructorId })
    .from(lessonRecords)
    .where(and(eq(lessonRecords.enrollmentId, enrollmentId), inArray(lessonRecords.lessonKey, [...lessonKeys]), eq(lessonRecords.stageCheck, false)));
  return new Set(rows.flatMap((row) => (row.instructorId ? [row.instructorId] : [])));
}

// Item grades

export async function insertItemGrades(db: Executor, rows: (typeof itemGrades.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(itemGrades).values(rows);
}

export function listItemGrades(db: Executor, recordIds: readonly string[]) {
  if (recordIds.length === 0) return Promise.resolve([]);
  return db
    .select({ grade: itemGrades, graderName: users.name })
    .from(itemGrades)
    .leftJoin(users, eq(users.skylogId, itemGrades.gradedBy))
    .where(inArray(itemGrades.recordId, [...recordIds]))
    .orderBy(asc(itemGrades.position));
}

export async function setItemGrade(
  db: Executor,
  recordId: string,
  itemKey: string,
  values: { grade: string | null; remark?: string | null; gradedBy: string },
): Promise<void> {
  await db
    .update(itemGrades)
    .set({ ...values, gradedAt: new Date() })
    .where(and(eq(itemGrades.recordId, recordId), eq(itemGrades.itemKey, itemKey)));
}

export async function setProposal(db: Executor, id: string, proposal: StoredProposal | null): Promise<void> {
  await db.update(itemGrades).set({ proposal }).where(eq(itemGrades.id, id));
}

/** Every graded ACS task of a student, with the day and the course's scale: the scorecard's material. */
export function listGradedTasksOf(db: Executor, studentId: string) {
  return db
    .select({
      taskCode: itemGrades.taskCode,
      title: itemGrades.title,
      grade: itemGrades.grade,
      recordId: lessonRecords.id,
      date: lessonRecords.lessonDate,
      scale: courses.scale,
      gradedAt: itemGrades.gradedAt,
    })
    .from(itemGrades)
    .innerJoin(lessonRecords, eq(lessonRecords.id, itemGrades.recordId))
    .innerJoin(enrollments, eq(enrollments.id, lessonRecords.enrollmentId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.studentId, studentId), sql`${itemGrades.taskCode} is not null`, sql`${itemGrades.grade} is not null`))
    .orderBy(asc(lessonRecords.lessonDate), asc(itemGrades.gradedAt));
}

// Rework

export function listOpenRework(db: Executor, enrollmentIds: readonly string[]) {
  if (enrollmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ rework: reworkItems, fromLessonKey: lessonRecords.lessonKey, fromDate: lessonRecords.lessonDate })
    .from(reworkItems)
    .innerJoin(lessonRecords, eq(lessonRecords.id, reworkItems.fromRecordId))
    .where(and(inArray(reworkItems.enrollmentId, [...enrollmentIds]), isNull(reworkItems.clearedAt)))
    .orderBy(asc(reworkItems.createdAt));
}

export async function insertRework(db: Executor, rows: (typeof reworkItems.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(reworkItems).values(rows);
}

export async function clearRework(db: Executor, ids: readonly string[], recordId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(reworkItems)
    .set({ clearedByRecordId: recordId, clearedAt: new Date() })
    .where(and(inArray(reworkItems.id, [...ids]), isNull(reworkItems.clearedAt)));
}

/** A still-open rework item's latest grade, after another lesson fell short of it again. */
export async function updateReworkGrade(db: Executor, id: string, grade: string | null): Promise<void> {
  await db.update(reworkItems).set({ grade }).where(eq(reworkItems.id, id));
}

// Flights

/** A flight with its crew and stored analysis, to link it to a lesson and propose grades from it. */
export async function findTripForLesson(db: Executor, tripId: string) {
  const [row] = await db
    .select({
      id: trips.id,
      orgId: trips.orgId,
      leftSeat: trips.leftSeat,
      rightSeat: trips.rightSeat,
      beginTime: trips.beginTime,
      analysis: trips.flightAnalysis,
    })
    .from(trips)
    .where(eq(trips.id, tripId))
    .limit(1);
  return row;
}

/** Active enrolments of these students: the lessons a flight of theirs may be linked to. */
export function listActiveEnrollmentsOf(db: Executor, studentIds: readonly string[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      enrollment: enrollments,
      course: courses,
      revision: courseRevisions,
      studentName: users.name,
      student: { skylogId: users.skylogId, orgId: users.orgId, subOrgId: users.subOrgId, userType: users.userType },
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(courseRevisions, eq(courseRevisions.id, enrollments.revisionId))
    .innerJoin(users, eq(users.skylogId, enrollments.studentId))
    .where(and(inArray(enrollments.studentId, [...studentIds]), eq(enrollments.status, 'active')));
}

export function findPeople(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ skylogId: users.skylogId, name: users.name }).from(users).where(inArray(users.skylogId, [...ids]));
}


