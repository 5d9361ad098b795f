import {
  dayIn,
  gradingScales,
  isGradeOnScale,
  lessonOutcome,
  proposedGrade,
  trainingMessages,
  type AcsEvidence,
  type CourseLesson,
  type CourseStage,
  type GradingScaleKey,
  type LessonRecord,
  type LessonRecordGrades,
  type TripLessonRecords,
  type lessonRecordCompleteSchema,
} from '@skylog/contracts';
import type { z } from 'zod';
import { logbookRights, requireEnrollment, requireLessonGrader, requireLessonRecord, requireTrip } from '../../access/access.ts';
import type { Executor } from '../../db/client.ts';
import type { StoredProposal } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { requireSigner } from '../logbook/signer.ts';
import { findLesson, lessonsOf } from './course-content.ts';
import * as repository from './courses.repository.ts';
import { enrollmentProgress } from './enrollments.service.ts';

/**
 * Grading a lesson (docs/product.md "Lessons and grading"): begun on a student's flight (or a ground session), with
 * the student's open rework carried in and Skylog's proposals from the flight's analysis beside each ACS task; graded
 * on the course's scale by the instructor alone; signed complete when every required item reached its grade, else
 * incomplete, with what fell short put on the rework list.
 */

/** The analysis's evidence for a task, and the grade it suggests on the scale: the worst of what was seen. */
export function proposalFor(evidence: readonly AcsEvidence[], taskCode: string | null, scale: GradingScaleKey): StoredProposal | null {
  if (taskCode === null) return null;
  const seen = evidence.filter((item) => item.task_code === taskCode);
  if (seen.length === 0) return null;
  return { grade: proposedGrade(scale, seen.some((item) => item.outcome === 'outside') ? 'outside' : 'within'), evidence: seen };
}

async function recordView(db: Executor, recordId: string, actorId: string): Promise<LessonRecord> {
  const [joined] = await repository.listRecordsById(db, recordId);
  const { record, enrollment, course, revision, instructorName, flightMs } = joined!;
  const [grades, people, trip] = await Promise.all([
    repository.listItemGrades(db, [recordId]),
    repository.findPeople(db, [enrollment.studentId]),
    record.status === 'in-progress' && record.tripId ? repository.findTripForLesson(db, record.tripId) : undefined,
  ]);
  const found = findLesson(revision.content, record.lessonKey);
  // While the lesson is open the proposals follow the flight's analysis as it is now (it may finish after the
  // lesson was begun); signing keeps the ones the instructor saw.
  const evidence = trip?.analysis?.acs_evidence;
  const proposalOf = (grade: repository.ItemGradeRow) => (evidence ? proposalFor(evidence, grade.taskCode, course.scale) : grade.proposal);
  return {
    id: record.id,
    enrollment_id: enrollment.id,
    student: { skylog_id: enrollment.studentId, name: people[0]?.name ?? null },
    course: { id: course.id, name: course.name, scale: course.scale, revision: revision.number },
    lesson: {
      key: record.lessonKey,
      title: found?.lesson.title ?? record.lessonKey,
      kind: found?.lesson.kind ?? 'flight',
      stage_key: found?.stage.key ?? '',
      stage_title: found?.stage.title ?? '',
      stage_check: record.stageCheck,
      objective: found?.lesson.objective ?? '',
    },
    trip_id: record.tripId,
    date: record.lessonDate,
    flight_hours: flightMs === null ? 0 : Math.round(flightMs / 360_000) / 10,
    ground_hours: record.groundHours,
    instructor: { skylog_id: record.instructorId, name: instructorName },
    status: record.status,
    remarks: record.remarks,
    completed_at: record.completedAt?.toISOString() ?? null,
    items: grades.map(({ grade, graderName }) => ({
      item_key: grade.itemKey,
      task_code: grade.taskCode,
      title: grade.title,
      kind: grade.kind,
      required: grade.required,
      required_grade: grade.requiredGrade,
      grade: grade.grade,
      remark: grade.remark,
      graded_by: grade.gradedBy || graderName ? { skylog_id: grade.gradedBy, name: graderName } : null,
      proposal: proposalOf(grade),
      rework_id: grade.reworkId,
    })),
    can_grade: record.status === 'in-progress' && record.instructorId === actorId,
  };
}

/** Begins a lesson record: the lesson must be open, the flight the student's, and the grader allowed. */
export async function startLesson(
  ctx: AppContext,
  scope: RequestScope,
  enrollmentId: string,
  input: { lesson_key: string; trip_id?: string | null | undefined; date?: string | undefined; ground_hours?: number | undefined },
): Promise<LessonRecord> {
  const { actor } = scope;
  const { enrollment, student } = await requireEnrollment(ctx, actor, enrollmentId, 'read', scope);
  const join = (await repository.findEnrollmentJoin(ctx.db, enrollmentId))!;
  if (enrollment.status !== 'active') throw conflict(trainingMessages.enrollmentClosed);
  const content = join.revision.content;
  const found = findLesson(content, input.lesson_key);
  if (!found) throw badRequest(trainingMessages.unknownLesson, { lesson_key: trainingMessages.unknownLesson });
  const { lesson, stage, stageIndex } = found;
  const stageCheck = lesson.stage_check
    ? {
        isCheckInstructor: await repository.isCheckInstructor(ctx.db, join.course.id, actor.skylogId),
        taughtTheStage: (
          await repository.instructorsOfStage(
            ctx.db,
            enrollmentId,
            stage.lessons.map((entry) => entry.key),
          )
        ).has(actor.skylogId),
      }
    : undefined;
  await requireLessonGrader(ctx, actor, student, stageCheck, scope);
  const progress = enrollmentProgress(join, await repository.listRecordsOf(ctx.db, [enrollmentId]), dayIn(new Date(), 'UTC'));
  if (stageIndex >= progress.openStages) {
    const message = trainingMessages.lessonNotOpen(content.stages[progress.openStages - 1]?.title ?? stage.title);
    throw badRequest(message, { lesson_key: message });
  }
  let lessonDate = input.date;
  if (input.trip_id) {
    const trip = await repository.findTripForLesson(ctx.db, input.trip_id);
    const isStudents = trip !== undefined && (trip.leftSeat === enrollment.studentId || trip.rightSeat === enrollment.studentId);
    if (!isStudents) throw badRequest(trainingMessages.flightNotStudents, { trip_id: trainingMessages.flightNotStudents });
    await requireTrip(ctx, actor, input.trip_id, 'read', scope);
    lessonDate ??= trip.beginTime ? dayIn(trip.beginTime, 'UTC') : undefined;
  }
  const rework = await repository.listOpenRework(ctx.db, [enrollmentId]);
  const record = await ctx.db.transaction(async (tx) => {
    const row = await repository.insertRecord(tx, {
      enrollmentId,
      lessonKey: lesson.key,
      tripId: input.trip_id ?? null,
      lessonDate: lessonDate ?? dayIn(new Date(), 'UTC'),
      instructorId: actor.skylogId,
      stageCheck: lesson.stage_check,
      groundHours: input.ground_hours ?? 0,
    });
    const own = lesson.items.map((item, position) => ({
      recordId: row.id,
      itemKey: item.key,
      taskCode: item.task_code,
      title: item.title,
      kind: item.kind,
      required: item.required,
      requiredGrade: item.required_grade,
      position,
    }));
    // Rework carried in: each open item once, as a required line of this lesson (its key marks where it came from).
    const carried = rework
      .filter(({ rework: item }) => !own.some((line) => line.itemKey === item.itemKey))
      .map(({ rework: item }, index) => ({
        recordId: row.id,
        itemKey: item.itemKey,
        taskCode: item.taskCode,
        title: item.title,
        kind: item.kind,
        required: true,
        requiredGrade: item.requiredGrade,
        position: own.length + index,
        reworkId: item.id,
      }));
    const ownRework = new Map(rework.map(({ rework: item }) => [item.itemKey, item.id]));
    await repository.insertItemGrades(tx, [...own.map((line) => ({ ...line, reworkId: ownRework.get(line.itemKey) ?? null })), ...carried]);
    return row;
  });
  await ctx.audit.record({
    actor,
    action: scope.operation,
    resource: `lesson-records/${record.id}`,
    status: 'success',
    details: {
      student: enrollment.studentId,
      lesson: lesson.key,
      trip: input.trip_id ?? null,
      stage_check: lesson.stage_check,
      rework_carried: rework.length,
    },
  });
  return recordView(ctx.db, record.id, actor.skylogId);
}

export async function getLessonRecord(ctx: AppContext, scope: RequestScope, id: string): Promise<LessonRecord> {
  await requireLessonRecord(ctx, scope.actor, id, 'read', scope);
  return recordView(ctx.db, id, scope.actor.skylogId);
}

/** Grades items on the course's scale; the proposals beside them are never touched. */
export async function gradeItems(ctx: AppContext, scope: RequestScope, id: string, input: LessonRecordGrades): Promise<LessonRecord> {
  const { actor } = scope;
  await requireLessonRecord(ctx, actor, id, 'grade', scope);
  const changed = await ctx.db.transaction(async (tx) => {
    const record = (await repository.lockRecord(tx, id))!;
    if (record.status !== 'in-progress') throw conflict(trainingMessages.lessonSigned);
    const scale = (await repository.findScaleOfRecord(tx, id))!;
    const lines = new Map((await repository.listItemGrades(tx, [id])).map(({ grade }) => [grade.itemKey, grade]));
    input.grades.forEach((entry, index) => {
      if (!lines.has(entry.item_key))
        throw badRequest(trainingMessages.itemNotInLesson, { [`grades.${index}.item_key`]: trainingMessages.itemNotInLesson });
      if (entry.grade !== null && !isGradeOnScale(scale, entry.grade)) {
        const message = trainingMessages.gradeNotOnScale(entry.grade, gradingScales[scale].label);
        throw badRequest(message, { [`grades.${index}.grade`]: message });
      }
    });
    const changes: Record<string, { from: string | null; to: string | null }> = {};
    for (const entry of input.grades) {
      const before = lines.get(entry.item_key)!;
      await repository.setItemGrade(tx, id, entry.item_key, {
        grade: entry.grade,
        ...(entry.remark === undefined ? {} : { remark: entry.remark }),
        gradedBy: actor.skylogId,
      });
      if (before.grade !== entry.grade) changes[entry.item_key] = { from: before.grade, to: entry.grade };
    }
    return changes;
  });
  await ctx.audit.record({
    actor,
    action: scope.operation,
    resource: `lesson-records/${id}`,
    status: 'success',
    details: { grades: changed },
  });
  return recordView(ctx.db, id, actor.skylogId);
}

/**
 * Signs a lesson's grades (AC 120-78, as a logbook signature): complete when every required line reached its grade.
 * A line graded below its grade goes on the rework list (a carried line keeps its rework item open); a carried line
 * graded to standard clears it. When the last lesson of the course is complete, the student graduates.
 */
export async function completeLesson(
  ctx: AppContext,
  scope: RequestScope,
  id: string,
  input: z.infer<typeof lessonRecordCompleteSchema>,
): Promise<LessonRecord> {
  const { actor } = scope;
  const { record: found } = await requireLessonRecord(ctx, actor, id, 'grade', scope);
  const signer = await requireSigner(ctx, scope, input, 'grading');
  const outcome = await ctx.db.transaction(async (tx) => {
    const record = (await repository.lockRecord(tx, id))!;
    if (record.status !== 'in-progress') throw conflict(trainingMessages.lessonSigned);
    const join = (await repository.findEnrollmentJoin(tx, found.enrollmentId))!;
    const scale = join.course.scale;
    const lines = (await repository.listItemGrades(tx, [id])).map(({ grade }) => ({ ...grade, required_grade: grade.requiredGrade }));
    // The proposals the instructor saw beside their grades are kept with the signed lesson.
    const evidence = record.tripId ? (await repository.findTripForLesson(tx, record.tripId))?.analysis?.acs_evidence : undefined;
    if (evidence) for (const line of lines) await repository.setProposal(tx, line.id, proposalFor(evidence, line.taskCode, scale));
    const { isComplete, met, shortOf } = lessonOutcome(scale, lines);
    await repository.insertRework(
      tx,
      shortOf
        .filter((line) => line.reworkId === null)
        .map((line) => ({
          enrollmentId: found.enrollmentId,
          itemKey: line.itemKey,
          taskCode: line.taskCode,
          title: line.title,
          kind: line.kind,
          requiredGrade: line.requiredGrade,
          grade: line.grade,
          fromRecordId: id,
        })),
    );
    for (const line of shortOf) if (line.reworkId !== null) await repository.updateReworkGrade(tx, line.reworkId, line.grade);
    await repository.clearRework(
      tx,
      met.flatMap((line) => (line.reworkId === null ? [] : [line.reworkId])),
      id,
    );
    await repository.closeRecord(tx, id, {
      status: isComplete ? 'complete' : 'incomplete',
      remarks: input.remarks ?? null,
      signature: {
        instructor_name: signer.instructorName,
        certificate_number: signer.certificateNumber,
        certificate_expires: signer.certificateExpires,
        method: signer.method,
        signed_at: new Date().toISOString(),
      },
    });
    const progress = enrollmentProgress(join, await repository.listRecordsOf(tx, [found.enrollmentId]), record.lessonDate);
    const graduated = progress.lessonsDone === lessonsOf(join.revision.content).length;
    if (graduated) await repository.graduate(tx, found.enrollmentId, record.lessonDate);
    return { isComplete, rework: shortOf.map((line) => line.itemKey), graduated };
  });
  await ctx.audit.record({
    actor,
    action: scope.operation,
    resource: `lesson-records/${id}`,
    status: 'success',
    details: { complete: outcome.isComplete, rework: outcome.rework, graduated: outcome.graduated, certificate: signer.certificateNumber },
  });
  return recordView(ctx.db, id, actor.skylogId);
}

/** A flight's graded lessons, and the open lessons of its students' courses the reader may link it to. */
export async function getTripLessonRecords(ctx: AppContext, scope: RequestScope, tripId: string): Promise<TripLessonRecords> {
  const { actor } = scope;
  await requireTrip(ctx, actor, tripId, 'read', scope);
  const trip = (await repository.findTripForLesson(ctx.db, tripId))!;
  const crew = [trip.leftSeat, trip.rightSeat].filter((id): id is string => id !== null);
  const [linked, active, people] = await Promise.all([
    repository.listRecordsOfTrip(ctx.db, tripId),
    repository.listActiveEnrollmentsOf(ctx.db, crew),
    repository.findPeople(ctx.db, crew),
  ]);
  const names = new Map(people.map((person) => [person.skylogId, person.name]));
  const records = linked.map(({ record, studentId, revision }) => ({
    id: record.id,
    student: { skylog_id: studentId, name: names.get(studentId) ?? null },
    lesson_title: findLesson(revision.content, record.lessonKey)?.lesson.title ?? record.lessonKey,
    status: record.status,
  }));
  const activeRecords = await repository.listRecordsOf(
    ctx.db,
    active.map((join) => join.enrollment.id),
  );
  const today = dayIn(new Date(), 'UTC');
  const gradable = [];
  for (const join of active) {
    // The student's instructor links lessons (grading is signing their record, docs/product.md "Logbook"); a
    // check instructor of the course links the stage checks of stages they did not teach.
    const isInstructor = (await logbookRights(ctx, actor, join.student)).canSign;
    const isChecker = !isInstructor && (await repository.isCheckInstructor(ctx.db, join.course.id, actor.skylogId));
    if (!isInstructor && !isChecker) continue;
    const allRecords = activeRecords.filter((row) => row.record.enrollmentId === join.enrollment.id);
    const progress = enrollmentProgress(join, allRecords, today);
    const taught = new Set(
      allRecords.filter((row) => !row.record.stageCheck && row.record.instructorId === actor.skylogId).map((row) => row.record.lessonKey),
    );
    const mayGive = (lesson: CourseLesson, stage: CourseStage) =>
      isInstructor ? !lesson.stage_check : lesson.stage_check && !stage.lessons.some((other) => taught.has(other.key));
    gradable.push({
      id: join.enrollment.id,
      student: { skylog_id: join.enrollment.studentId, name: join.studentName },
      course_name: join.course.name,
      open_lessons: lessonsOf(join.revision.content)
        .filter(
          ({ lesson, stage, stageIndex }) =>
            stageIndex < progress.openStages && progress.statuses.get(lesson.key) !== 'complete' && mayGive(lesson, stage),
        )
        .map(({ lesson, stage }) => ({ key: lesson.key, title: lesson.title, stage_title: stage.title, kind: lesson.kind })),
    });
  }
  return { records, enrollments: gradable };
}
