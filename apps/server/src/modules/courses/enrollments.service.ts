import {
  dayIn,
  trainingMessages,
  type Enrollment,
  type EnrollmentSummary,
  type ReworkItem,
  type TrainingProgress,
} from '@skylog/contracts';
import { requireCourse, requireEnrollment, requireTrainee } from '../../access/access.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest, conflict, forbidden } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { findLesson, lessonsOf } from './course-content.ts';
import { progressOf, type Progress, type RecordFacts } from './course-progress.ts';
import * as repository from './courses.repository.ts';

/**
 * Students on courses (docs/product.md "Lessons and grading"): enrolled on a course's newest revision (which locks
 * it), kept on it until moved, with their lessons, stage, rework list and standing against the plan.
 */

type EnrollmentJoin = { enrollment: repository.EnrollmentRow; course: repository.CourseRow; revision: repository.RevisionRow };
type RecordJoin = Awaited<ReturnType<typeof repository.listRecordsOf>>[number];

const hoursOf = (ms: number | null) => (ms === null ? 0 : Math.round(ms / 360_000) / 10);

export const recordFacts = (row: RecordJoin): RecordFacts => ({
  lessonKey: row.record.lessonKey,
  status: row.record.status,
  flightHours: hoursOf(row.flightMs),
  groundHours: row.record.groundHours,
});

/**
 * Where the student stands on an enrolment, from its lesson records: as of today, or of the day they graduated (the
 * plan stops counting then).
 */
export function enrollmentProgress(
  join: { enrollment: Pick<repository.EnrollmentRow, 'enrolledOn' | 'graduatedOn'>; revision: Pick<repository.RevisionRow, 'content'> },
  records: readonly RecordJoin[],
  today: string,
): Progress {
  return progressOf(join.revision.content, records.map(recordFacts), join.enrollment.enrolledOn, join.enrollment.graduatedOn ?? today);
}

function summaryOf(join: EnrollmentJoin, progress: Progress, latestRevision: number): EnrollmentSummary {
  const { enrollment, course, revision } = join;
  return {
    id: enrollment.id,
    course: { id: course.id, name: course.name, part: course.part, scale: course.scale },
    revision: revision.number,
    latest_revision: latestRevision,
    enrolled_on: enrollment.enrolledOn,
    status: enrollment.status,
    graduated_on: enrollment.graduatedOn,
    stage: progress.stage,
    lessons_done: progress.lessonsDone,
    lessons_total: progress.lessonsTotal,
    flight_hours: progress.flightHours,
    planned_hours_done: progress.plannedHoursDone,
    plan: enrollment.status === 'active' ? progress.plan : { ...progress.plan, status: 'on-track', reason: null },
  };
}

export function reworkView(
  rows: Awaited<ReturnType<typeof repository.listOpenRework>>,
  content: Parameters<typeof findLesson>[0],
): ReworkItem[] {
  return rows.map(({ rework, fromLessonKey, fromDate }) => ({
    id: rework.id,
    item_key: rework.itemKey,
    task_code: rework.taskCode,
    title: rework.title,
    grade: rework.grade,
    from_lesson: {
      record_id: rework.fromRecordId,
      lesson_key: fromLessonKey,
      title: findLesson(content, fromLessonKey)?.lesson.title ?? fromLessonKey,
      date: fromDate,
    },
    created_at: rework.createdAt.toISOString(),
  }));
}

/** Summaries of a student's enrolments, newest first. */
export async function enrollmentSummaries(db: Executor, studentId: string): Promise<EnrollmentSummary[]> {
  const joins = await repository.listEnrollmentsOf(db, [studentId]);
  const [records, latest] = await Promise.all([
    repository.listRecordsOf(
      db,
      joins.map((join) => join.enrollment.id),
    ),
    repository.latestRevisionNumbers(db, [...new Set(joins.map((join) => join.course.id))]),
  ]);
  const today = dayIn(new Date(), 'UTC');
  return joins.map((join) =>
    summaryOf(
      join,
      enrollmentProgress(
        join,
        records.filter((row) => row.record.enrollmentId === join.enrollment.id),
        today,
      ),
      latest.get(join.course.id)!.number,
    ),
  );
}

export async function enrollmentView(db: Executor, id: string): Promise<Enrollment> {
  const enrollment = (await repository.findEnrollmentJoin(db, id))!;
  const [records, latest, rework, people] = await Promise.all([
    repository.listRecordsOf(db, [id]),
    repository.latestRevisionNumbers(db, [enrollment.course.id]),
    repository.listOpenRework(db, [id]),
    repository.findPeople(db, [enrollment.enrollment.studentId]),
  ]);
  const today = dayIn(new Date(), 'UTC');
  const content = enrollment.revision.content;
  const progress = enrollmentProgress(enrollment, records, today);
  return {
    ...summaryOf(enrollment, progress, latest.get(enrollment.course.id)!.number),
    student: { skylog_id: enrollment.enrollment.studentId, name: people[0]?.name ?? null },
    content,
    lessons: lessonsOf(content).map(({ lesson, stage, stageIndex }) => ({
      key: lesson.key,
      stage_key: stage.key,
      status: progress.statuses.get(lesson.key) ?? 'not-started',
      is_open: stageIndex < progress.openStages,
      records: records
        .filter((row) => row.record.lessonKey === lesson.key)
        .map((row) => ({
          id: row.record.id,
          date: row.record.lessonDate,
          status: row.record.status,
          instructor: { skylog_id: row.record.instructorId, name: row.instructorName },
          trip_id: row.record.tripId,
        })),
    })),
    rework: reworkView(rework, content),
  };
}

export async function listEnrollments(ctx: AppContext, scope: RequestScope, studentId: string) {
  await requireTrainee(ctx, scope.actor, studentId, 'read', scope);
  return { enrollments: await enrollmentSummaries(ctx.db, studentId) };
}

export async function getEnrollment(ctx: AppContext, scope: RequestScope, id: string): Promise<Enrollment> {
  await requireEnrollment(ctx, scope.actor, id, 'read', scope);
  return enrollmentView(ctx.db, id);
}

export async function enroll(
  ctx: AppContext,
  scope: RequestScope,
  studentId: string,
  input: { course_id: string; enrolled_on?: string | undefined },
): Promise<Enrollment> {
  const student = await requireTrainee(ctx, scope.actor, studentId, 'enroll', scope);
  const course = await requireCourse(ctx, scope.actor, input.course_id, 'read', scope).catch(() => {
    throw badRequest(trainingMessages.courseOfOtherSchool, { course_id: trainingMessages.courseOfOtherSchool });
  });
  if (course.orgId !== student.user.orgId)
    throw badRequest(trainingMessages.courseOfOtherSchool, { course_id: trainingMessages.courseOfOtherSchool });
  const enrolledOn = input.enrolled_on ?? dayIn(new Date(), 'UTC');
  const row = await ctx.db.transaction(async (tx) => {
    const latest = (await repository.lockLatestRevision(tx, course.id))!;
    await repository.lockRevision(tx, latest.id);
    const inserted = await repository.insertEnrollment(tx, {
      orgId: course.orgId,
      studentId,
      courseId: course.id,
      revisionId: latest.id,
      enrolledOn,
      createdBy: scope.actor.skylogId,
    });
    if (!inserted) throw conflict(trainingMessages.alreadyEnrolled, { course_id: trainingMessages.alreadyEnrolled });
    return inserted;
  });
  await ctx.audit.record({
    actor: scope.actor,
    action: scope.operation,
    resource: `enrollments/${row.id}`,
    status: 'success',
    details: { student: studentId, course: course.id, enrolled_on: enrolledOn },
  });
  return enrollmentView(ctx.db, row.id);
}

/** Moves a student to the course's newest revision; their records keep the lessons they were given (by key). */
export async function moveToLatest(ctx: AppContext, scope: RequestScope, id: string): Promise<Enrollment> {
  await requireEnrollment(ctx, scope.actor, id, 'enroll', scope);
  const moved = await ctx.db.transaction(async (tx) => {
    const enrollment = (await repository.lockEnrollment(tx, id))!;
    if (enrollment.status !== 'active') throw conflict(trainingMessages.enrollmentClosed);
    const latest = (await repository.lockLatestRevision(tx, enrollment.courseId))!;
    if (latest.id === enrollment.revisionId) throw conflict(trainingMessages.revisionLatest);
    await repository.lockRevision(tx, latest.id);
    await repository.moveEnrollment(tx, id, latest.id);
    return latest.number;
  });
  await ctx.audit.record({
    actor: scope.actor,
    action: scope.operation,
    resource: `enrollments/${id}`,
    status: 'success',
    details: { revision: moved },
  });
  return enrollmentView(ctx.db, id);
}

/** The school's students by stage, and those behind plan: the Overview's training panel. */
export async function getTrainingProgress(ctx: AppContext, { actor }: RequestScope): Promise<TrainingProgress> {
  if (!actor.orgId) throw forbidden(trainingMessages.notCourseAdmin);
  const joins = await repository.listActiveEnrollmentsOfOrg(ctx.db, actor.orgId);
  const records = await repository.listRecordsOf(
    ctx.db,
    joins.map((join) => join.enrollment.id),
  );
  const today = dayIn(new Date(), 'UTC');
  const byStage = new Map<string, { course: string; stage: string; students: number }>();
  const behind: TrainingProgress['behind_plan'] = [];
  for (const join of joins) {
    const progress = enrollmentProgress(
      join,
      records.filter((row) => row.record.enrollmentId === join.enrollment.id),
      today,
    );
    const stage = progress.stage?.title ?? 'Finished';
    const key = `${join.course.id}/${stage}`;
    const entry = byStage.get(key) ?? { course: join.course.name, stage, students: 0 };
    entry.students++;
    byStage.set(key, entry);
    if (progress.plan.status === 'behind')
      behind.push({
        student: { skylog_id: join.enrollment.studentId, name: join.studentName },
        course: join.course.name,
        stage: progress.stage?.title ?? null,
        reason: progress.plan.reason ?? '',
      });
  }
  return { by_stage: [...byStage.values()], behind_plan: behind };
}
