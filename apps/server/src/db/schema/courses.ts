import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  enrollmentStatuses,
  gradingScaleKeys,
  lessonStatuses,
  programs,
  type AcsEvidence,
  type CourseContent,
  type GradingScaleKey,
  type LessonKind,
  type LessonStatus,
  type Program,
} from '@skylog/contracts';
import { orgs, trips, users } from './app.ts';

/**
 * Courses, enrolments and graded lessons (docs/product.md "Lessons and grading"). A course's syllabus is one JSON
 * document per revision, checked by the contracts' schema on every write; a revision a student is enrolled on is
 * locked (a trigger refuses changing its content), so every student's record keeps the syllabus they trained on.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(',')})`);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    part: text('part').$type<Program>().notNull(),
    scale: text('scale').$type<GradingScaleKey>().notNull(),
    /** The shipped template it was copied from, if any. */
    templateKey: text('template_key'),
    createdBy: uuid('created_by').references(() => users.skylogId, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('courses_org_idx').on(table.orgId),
    check('courses_part_check', inList('part', programs)),
    check('courses_scale_check', inList('scale', gradingScaleKeys)),
  ],
);

export const courseRevisions = pgTable(
  'course_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    content: jsonb('content').$type<CourseContent>().notNull(),
    createdBy: uuid('created_by').references(() => users.skylogId, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When the first student was enrolled on it: from then on its content never changes. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('course_revisions_course_number_idx').on(table.courseId, table.number)],
);

/** The instructors a school names to grade a course's stage checks (14 CFR 141.37 check instructors). */
export const courseCheckInstructors = pgTable(
  'course_check_instructors',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    instructorId: uuid('instructor_id')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.instructorId] })],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => courseRevisions.id),
    enrolledOn: date('enrolled_on').notNull(),
    status: text('status').$type<(typeof enrollmentStatuses)[number]>().notNull().default('active'),
    graduatedOn: date('graduated_on'),
    createdBy: uuid('created_by').references(() => users.skylogId, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('enrollments_active_idx').on(table.studentId, table.courseId).where(sql`${table.status} = 'active'`),
    index('enrollments_org_idx').on(table.orgId, table.status),
    check('enrollments_status_check', inList('status', enrollmentStatuses)),
  ],
);

/** The instructor's signature of a lesson's grades (AC 120-78), as a logbook signature keeps it. */
export type LessonSignature = {
  instructor_name: string;
  certificate_number: string;
  certificate_expires: string;
  method: 'password' | 'authenticator';
  signed_at: string;
};

/** One lesson given on one day: graded item by item, then signed complete or incomplete. */
export const lessonRecords = pgTable(
  'lesson_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    lessonKey: text('lesson_key').notNull(),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    lessonDate: date('lesson_date').notNull(),
    instructorId: uuid('instructor_id').references(() => users.skylogId, { onDelete: 'set null' }),
    stageCheck: boolean('stage_check').notNull().default(false),
    status: text('status').$type<LessonStatus>().notNull().default('in-progress'),
    remarks: text('remarks'),
    groundHours: real('ground_hours').notNull().default(0),
    signature: jsonb('signature').$type<LessonSignature>(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('lesson_records_enrollment_idx').on(table.enrollmentId, table.lessonDate),
    index('lesson_records_trip_idx').on(table.tripId),
    check('lesson_records_status_check', inList('status', lessonStatuses)),
  ],
);

/** Skylog's proposal for an item, kept beside the instructor's grade and never written into it. */
export type StoredProposal = { grade: string; evidence: AcsEvidence[] };

export const itemGrades = pgTable(
  'item_grades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => lessonRecords.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    taskCode: text('task_code'),
    title: text('title').notNull(),
    kind: text('kind').$type<LessonKind>().notNull(),
    required: boolean('required').notNull(),
    requiredGrade: text('required_grade').notNull(),
    /** Its place in the lesson: the syllabus's order, then the rework carried in. */
    position: integer('position').notNull(),
    grade: text('grade'),
    remark: text('remark'),
    gradedBy: uuid('graded_by').references(() => users.skylogId, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    proposal: jsonb('proposal').$type<StoredProposal>(),
    /** The rework item this line carries from an earlier lesson. */
    reworkId: uuid('rework_id'),
  },
  (table) => [uniqueIndex('item_grades_record_item_idx').on(table.recordId, table.itemKey), index('item_grades_task_idx').on(table.taskCode)],
);

/** An item that fell short of its grade, carried into the student's next lessons until graded to standard. */
export const reworkItems = pgTable(
  'rework_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    taskCode: text('task_code'),
    title: text('title').notNull(),
    kind: text('kind').$type<LessonKind>().notNull(),
    requiredGrade: text('required_grade').notNull(),
    grade: text('grade'),
    fromRecordId: uuid('from_record_id')
      .notNull()
      .references(() => lessonRecords.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    clearedByRecordId: uuid('cleared_by_record_id').references(() => lessonRecords.id, { onDelete: 'set null' }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (table) => [index('rework_items_enrollment_idx').on(table.enrollmentId).where(sql`${table.clearedAt} is null`)],
);
