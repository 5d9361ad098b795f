import { type EnrollmentSummary, type GradingScaleKey, type LessonKind, type LessonStatus, type Program } from '@skylog/contracts';
import { requireEnrollment } from '../../access/access.ts';
import type { Executor } from '../../db/client.ts';
import type { LessonSignature } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { fileNameOf } from '../../lib/attachment.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { toSpreadsheetCsv, type CsvValue } from '../../lib/spreadsheet-csv.ts';
import { findLesson } from './course-content.ts';
import * as repository from './courses.repository.ts';
import { recordFacts } from './enrollments.service.ts';
import { trainingRecordsPdf } from './training-records-pdf.ts';

/**
 * A student's record of an enrolment as 14 CFR 141.101(a) asks a pilot school to keep it: the date of enrolment,
 * a chronological log of the lessons given (the day, the time, what was covered and how it was graded, by whom),
 * the stage checks, and the date the student graduated. Served as CSV for a spreadsheet and as a PDF to file.
 */

export type RecordItem = { title: string; taskCode: string | null; grade: string | null; requiredGrade: string; required: boolean; remark: string | null };

export type RecordLesson = {
  date: string;
  stage: string;
  title: string;
  kind: LessonKind;
  stageCheck: boolean;
  flightHours: number;
  groundHours: number;
  /** As the signature names them; before signing (or once their account is gone) the account's name. */
  instructor: string | null;
  status: LessonStatus;
  remarks: string | null;
  signature: LessonSignature | null;
  items: RecordItem[];
};

export type TrainingRecords = {
  school: string | null;
  student: string;
  course: { name: string; part: Program; revision: number; scale: GradingScaleKey };
  enrolledOn: string;
  status: EnrollmentSummary['status'];
  graduatedOn: string | null;
  /** Oldest first, as they were given. */
  lessons: RecordLesson[];
};

/** The records of one enrolment; the caller decided the reader may have them. */
export async function trainingRecordsOf(db: Executor, enrollmentId: string, school: string | null): Promise<TrainingRecords> {
  const join = (await repository.findEnrollmentJoin(db, enrollmentId))!;
  const [records, people] = await Promise.all([repository.listRecordsOf(db, [enrollmentId]), repository.findPeople(db, [join.enrollment.studentId])]);
  const grades = await repository.listItemGrades(
    db,
    records.map((row) => row.record.id),
  );
  const content = join.revision.content;
  return {
    school,
    student: people[0]?.name ?? 'Student',
    course: { name: join.course.name, part: join.course.part, revision: join.revision.number, scale: join.course.scale },
    enrolledOn: join.enrollment.enrolledOn,
    status: join.enrollment.status,
    graduatedOn: join.enrollment.graduatedOn,
    lessons: records.map((row) => {
      const { record } = row;
      const found = findLesson(content, record.lessonKey);
      const facts = recordFacts(row);
      return {
        date: record.lessonDate,
        stage: found?.stage.title ?? '',
        title: found?.lesson.title ?? record.lessonKey,
        kind: found?.lesson.kind ?? 'flight',
        stageCheck: record.stageCheck,
        flightHours: facts.flightHours,
        groundHours: facts.groundHours,
        instructor: record.signature?.instructor_name ?? row.instructorName,
        status: record.status,
        remarks: record.remarks,
        signature: record.signature,
        items: grades
          .filter(({ grade }) => grade.recordId === record.id)
          .map(({ grade }) => ({
            title: grade.title,
            taskCode: grade.taskCode,
            grade: grade.grade,
            requiredGrade: grade.requiredGrade,
            required: grade.required,
            remark: grade.remark,
          })),
      };
    }),
  };
}

/** The CSV's columns: a row per graded item of each lesson, the lesson's facts on every row so any row reads alone. */
export const trainingRecordsCsvColumns = [
  'student',
  'course',
  'revision',
  'enrolled_on',
  'stage',
  'lesson',
  'date',
  'flight_hours',
  'ground_hours',
  'instructor',
  'certificate',
  'signed_at',
  'item',
  'task_code',
  'grade',
  'required_grade',
  'remark',
  'stage_check',
  'lesson_status',
  'lesson_remarks',
] as const;
type CsvRow = Record<(typeof trainingRecordsCsvColumns)[number], CsvValue>;

/** The last row of a graduate's record: the day they graduated (14 CFR 141.101(a)(3)). */
export const graduationLesson = 'Graduation';

export function trainingRecordsCsv(records: TrainingRecords): string {
  const common = { student: records.student, course: records.course.name, revision: records.course.revision, enrolled_on: records.enrolledOn };
  const rows: CsvRow[] = records.lessons.flatMap((lesson): CsvRow[] => {
    const facts = {
      ...common,
      stage: lesson.stage,
      lesson: lesson.title,
      date: lesson.date,
      flight_hours: lesson.flightHours,
      ground_hours: lesson.groundHours,
      instructor: lesson.instructor,
      certificate: lesson.signature?.certificate_number ?? null,
      signed_at: lesson.signature?.signed_at ?? null,
      stage_check: lesson.stageCheck,
      lesson_status: lesson.status,
      lesson_remarks: lesson.remarks,
    };
    const ungraded = { item: null, task_code: null, grade: null, required_grade: null, remark: null };
    if (lesson.items.length === 0) return [{ ...facts, ...ungraded }];
    return lesson.items.map((item) => ({
      ...facts,
      item: item.title,
      task_code: item.taskCode,
      grade: item.grade,
      required_grade: item.requiredGrade,
      remark: item.remark,
    }));
  });
  if (records.status === 'graduated' && records.graduatedOn) {
    const empty = Object.fromEntries(trainingRecordsCsvColumns.map((column) => [column, null])) as CsvRow;
    rows.push({ ...empty, ...common, lesson: graduationLesson, date: records.graduatedOn, lesson_status: records.status });
  }
  return toSpreadsheetCsv(
    trainingRecordsCsvColumns,
    rows.map((row) => trainingRecordsCsvColumns.map((column) => row[column])),
  );
}

async function readableRecords(ctx: AppContext, scope: RequestScope, enrollmentId: string) {
  const { student } = await requireEnrollment(ctx, scope.actor, enrollmentId, 'read', scope);
  const records = await trainingRecordsOf(ctx.db, enrollmentId, student.orgName);
  const name = `training-record-${fileNameOf(records.student, 'student')}-${fileNameOf(records.course.name, 'course')}`;
  return { records, name };
}

export async function exportTrainingRecordsCsv(ctx: AppContext, scope: RequestScope, enrollmentId: string) {
  const { records, name } = await readableRecords(ctx, scope, enrollmentId);
  return { name: `${name}.csv`, body: trainingRecordsCsv(records) };
}

export async function exportTrainingRecordsPdf(ctx: AppContext, scope: RequestScope, enrollmentId: string, timezone: string) {
  const { records, name } = await readableRecords(ctx, scope, enrollmentId);
  return { name: `${name}.pdf`, body: await trainingRecordsPdf(records, { timezone, madeAt: new Date() }) };
}
