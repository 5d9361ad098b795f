import { z } from 'zod';
import { gradingScaleKeys } from '../acs/grading-scales.ts';
import { limits, programs } from '../limits.ts';
import { acsEvidenceSchema } from './acs-evidence.ts';
import { reauthenticationShape } from './logbook.ts';
import { dayField, timeZoneField } from './periods.ts';
import { text } from './text.ts';

/**
 * Courses, lessons and grading (docs/product.md "Lessons and grading"): a school's syllabus as stages of lessons of
 * items, each item an ACS task or the school's own; a course in use is a locked revision; a flight or ground session
 * is graded against one lesson, and what falls short goes on the student's rework list.
 */

const key = (label: string) =>
  text()
    .trim()
    .min(1, `${label} is required`)
    .max(40, `${label} must be at most 40 characters`)
    .regex(/^[A-Za-z0-9._-]+$/, `${label} may hold letters, digits, dots, dashes and underscores only`);
const title = (label: string, max = 200) => text().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const lessonKinds = ['flight', 'ground'] as const;
export type LessonKind = (typeof lessonKinds)[number];

export const courseItemSchema = z.strictObject({
  key: key('Item key'),
  /** The ACS task (e.g. PA.V.A) the item grades, or null for the school's own item. */
  task_code: text().trim().max(20).nullable(),
  title: title('Item title'),
  kind: z.enum(lessonKinds, { error: 'Kind must be flight or ground' }),
  /** The grade the item must reach for the lesson to be complete, on the course's scale. */
  required_grade: text().trim().min(1, 'Required grade is required').max(10),
  required: z.boolean(),
});
export const courseLessonSchema = z.strictObject({
  key: key('Lesson key'),
  title: title('Lesson title'),
  kind: z.enum(lessonKinds, { error: 'Kind must be flight or ground' }),
  planned_hours: z.number({ error: 'Planned hours must be a number' }).min(0, 'Planned hours cannot be negative').max(24, 'Planned hours must be at most 24'),
  /** A stage check: graded by a check instructor other than the one who taught the stage; it opens the next stage. */
  stage_check: z.boolean(),
  objective: text().trim().max(2000, 'Objective must be at most 2000 characters'),
  items: z.array(courseItemSchema).max(limits.courseItemsPerLessonMax, `A lesson may have at most ${limits.courseItemsPerLessonMax} items`),
});
export const courseStageSchema = z.strictObject({
  key: key('Stage key'),
  title: title('Stage title'),
  objective: text().trim().max(2000, 'Objective must be at most 2000 characters'),
  lessons: z.array(courseLessonSchema).min(1, 'A stage needs at least one lesson').max(limits.courseLessonsPerStageMax),
});
export const courseContentSchema = z.strictObject({
  stages: z.array(courseStageSchema).min(1, 'A course needs at least one stage').max(limits.courseStagesMax),
  /** The weeks the course is planned to take, from enrolment: "behind plan" compares with it. */
  planned_weeks: z.number({ error: 'Planned weeks must be a number' }).int('Planned weeks must be whole weeks').min(1, 'Planned weeks must be at least 1').max(260),
});
export type CourseItem = z.infer<typeof courseItemSchema>;
export type CourseLesson = z.infer<typeof courseLessonSchema>;
export type CourseStage = z.infer<typeof courseStageSchema>;
export type CourseContent = z.infer<typeof courseContentSchema>;

const courseFields = {
  name: title('Name', 120),
  part: z.enum(programs, { error: 'Part must be 61 or 141' }),
  scale: z.enum(gradingScaleKeys, { error: 'Choose a grading scale' }),
};

export const courseRevisionSummarySchema = z.object({
  number: z.number().int(),
  created_at: text(),
  /** Set once a student is enrolled on it: from then on a change makes a new revision. */
  locked: z.boolean(),
  students: z.number().int(),
});

export const courseSchema = z.object({
  id: z.uuid(),
  ...courseFields,
  template_key: text().nullable(),
  revision: z.number().int(),
  locked: z.boolean(),
  content: courseContentSchema,
  revisions: z.array(courseRevisionSummarySchema),
  check_instructors: z.array(z.object({ skylog_id: z.uuid(), name: text().nullable() })),
  updated_at: text(),
});
export type Course = z.infer<typeof courseSchema>;

export const courseListSchema = z.object({
  courses: z.array(
    z.object({ id: z.uuid(), name: text(), part: z.enum(programs), scale: z.enum(gradingScaleKeys), revision: z.number().int(), students: z.number().int() }),
  ),
  templates: z.array(z.object({ key: text(), name: text(), part: z.enum(programs) })),
});
export type CourseList = z.infer<typeof courseListSchema>;

export const courseRevisionQuerySchema = z.object({ revision: z.coerce.number().int().min(1).optional() });

/**
 * A new course: a copy of a shipped template (its name may be given), or a name, part, scale and content of the
 * school's own. One object rather than a union, so a bad field is named rather than "Invalid input".
 */
export const courseCreateSchema = z
  .strictObject({
    template_key: text().trim().min(1, 'Choose a template').optional(),
    name: courseFields.name.optional(),
    part: courseFields.part.optional(),
    scale: courseFields.scale.optional(),
    content: courseContentSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.template_key !== undefined) return;
    const labels = { name: 'Name', part: 'Part', scale: 'Grading scale', content: 'Content' } as const;
    for (const field of ['name', 'part', 'scale', 'content'] as const)
      if (value[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: `${labels[field]} is required, or choose a template` });
  });
export type CourseCreate = z.infer<typeof courseCreateSchema>;

export const courseUpdateSchema = z.strictObject({
  name: courseFields.name.optional(),
  scale: courseFields.scale.optional(),
  content: courseContentSchema.optional(),
});
export type CourseUpdate = z.infer<typeof courseUpdateSchema>;

export const courseCheckInstructorsSchema = z.strictObject({
  skylog_ids: z.array(z.uuid({ error: 'Not a valid Skylog ID' })).max(50),
});

/** A course file to import: JSON (the content above) or CSV with a row per item. */
export const courseImportFormats = ['json', 'csv'] as const;
export const courseImportBodySchema = z.strictObject({
  format: z.enum(courseImportFormats, { error: 'Choose JSON or CSV' }),
  name: title('Name', 120),
  part: courseFields.part,
  scale: courseFields.scale,
  file: text()
    .min(1, 'The file is empty')
    .max(limits.courseImportMaxBytes, `A course file may be at most ${limits.courseImportMaxBytes / 1024} KB`),
});
export type CourseImportBody = z.infer<typeof courseImportBodySchema>;
/** A refused import: every row's problems at once (nothing was stored). */
export const courseImportReportSchema = z.object({
  rows: z.array(z.object({ row: z.number().int(), field: text().nullable(), message: text() })),
});
export type CourseImportReport = z.infer<typeof courseImportReportSchema>;

// Enrolments and progress

export const enrollmentStatuses = ['active', 'graduated', 'withdrawn'] as const;
export const lessonStatuses = ['not-started', 'in-progress', 'complete', 'incomplete'] as const;
export type LessonStatus = (typeof lessonStatuses)[number];
export const planStatuses = ['ahead', 'on-track', 'behind'] as const;
export type PlanStatus = (typeof planStatuses)[number];

export const enrollmentCreateSchema = z.strictObject({
  course_id: z.uuid({ error: 'Choose a course' }),
  enrolled_on: dayField('Enrolment date').optional(),
});

const personRef = z.object({ skylog_id: z.uuid(), name: text().nullable() });
/** An instructor as a record names them: the id is gone when their account was deleted, the name stays. */
const instructorRef = z.object({ skylog_id: z.uuid().nullable(), name: text().nullable() });

export const enrollmentSummarySchema = z.object({
  id: z.uuid(),
  course: z.object({ id: z.uuid(), name: text(), part: z.enum(programs), scale: z.enum(gradingScaleKeys) }),
  revision: z.number().int(),
  /** The course's newest revision: above `revision` when the student can be moved to it. */
  latest_revision: z.number().int(),
  enrolled_on: text(),
  status: z.enum(enrollmentStatuses),
  graduated_on: text().nullable(),
  stage: z.object({ key: text(), title: text(), index: z.number().int() }).nullable(),
  lessons_done: z.number().int(),
  lessons_total: z.number().int(),
  flight_hours: z.number(),
  planned_hours_done: z.number(),
  /** Against the plan's calendar (weeks) and hours: behind when either is more than the margin behind. */
  plan: z.object({ status: z.enum(planStatuses), expected_lessons: z.number(), weeks_elapsed: z.number(), reason: text().nullable() }),
});
export type EnrollmentSummary = z.infer<typeof enrollmentSummarySchema>;

export const reworkItemSchema = z.object({
  id: z.uuid(),
  item_key: text(),
  task_code: text().nullable(),
  title: text(),
  grade: text().nullable(),
  from_lesson: z.object({ record_id: z.uuid(), lesson_key: text(), title: text(), date: text() }),
  created_at: text(),
});
export type ReworkItem = z.infer<typeof reworkItemSchema>;

export const enrollmentSchema = enrollmentSummarySchema.extend({
  student: personRef,
  content: courseContentSchema,
  lessons: z.array(
    z.object({
      key: text(),
      stage_key: text(),
      status: z.enum(lessonStatuses),
      /** Lessons of a stage whose previous stage check is not passed cannot be started. */
      is_open: z.boolean(),
      records: z.array(
        z.object({ id: z.uuid(), date: text(), status: z.enum(lessonStatuses), instructor: instructorRef, trip_id: z.uuid().nullable() }),
      ),
    }),
  ),
  rework: z.array(reworkItemSchema),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

export const enrollmentListSchema = z.object({ enrollments: z.array(enrollmentSummarySchema) });

// Lesson records: one lesson given on one day, graded

export const lessonRecordCreateSchema = z.strictObject({
  lesson_key: key('Lesson'),
  /** The flight the lesson was flown on (the student's own flight), or none for a ground lesson. */
  trip_id: z.uuid({ error: 'Not a valid flight' }).nullable().optional(),
  date: dayField('Date').optional(),
  ground_hours: z.number().min(0, 'Ground hours cannot be negative').max(24, 'Ground hours must be at most 24').optional(),
});

export const gradeProposalSchema = z.object({
  grade: text(),
  evidence: z.array(acsEvidenceSchema),
});

export const lessonRecordItemSchema = z.object({
  item_key: text(),
  task_code: text().nullable(),
  title: text(),
  kind: z.enum(lessonKinds),
  required: z.boolean(),
  required_grade: text(),
  /** The instructor's grade: what counts. */
  grade: text().nullable(),
  remark: text().nullable(),
  graded_by: instructorRef.nullable(),
  /** Skylog's suggestion from the flight's analysis, with the moments that show it; never a grade by itself. */
  proposal: gradeProposalSchema.nullable(),
  /** The rework item this line carries from an earlier lesson. */
  rework_id: z.uuid().nullable(),
});
export type LessonRecordItem = z.infer<typeof lessonRecordItemSchema>;

export const lessonRecordSchema = z.object({
  id: z.uuid(),
  enrollment_id: z.uuid(),
  student: personRef,
  course: z.object({ id: z.uuid(), name: text(), scale: z.enum(gradingScaleKeys), revision: z.number().int() }),
  lesson: z.object({ key: text(), title: text(), kind: z.enum(lessonKinds), stage_key: text(), stage_title: text(), stage_check: z.boolean(), objective: text() }),
  trip_id: z.uuid().nullable(),
  date: text(),
  flight_hours: z.number(),
  ground_hours: z.number(),
  instructor: instructorRef,
  status: z.enum(lessonStatuses),
  remarks: text().nullable(),
  completed_at: text().nullable(),
  items: z.array(lessonRecordItemSchema),
  /** Whether the reader may grade it (the student's instructor, or a check instructor for a stage check). */
  can_grade: z.boolean(),
});
export type LessonRecord = z.infer<typeof lessonRecordSchema>;

export const lessonRecordGradesSchema = z.strictObject({
  grades: z
    .array(
      z.strictObject({
        item_key: key('Item'),
        /** null clears the grade. */
        grade: text().trim().max(10).nullable(),
        remark: text().trim().max(1000, 'Remark must be at most 1000 characters').nullable().optional(),
      }),
    )
    .min(1, 'Grade at least one item')
    .max(limits.courseItemsPerLessonMax * 2),
});
export type LessonRecordGrades = z.infer<typeof lessonRecordGradesSchema>;

/** Closing a lesson signs its grades: the instructor's proof again, as for a logbook signature (AC 120-78). */
export const lessonRecordCompleteSchema = z.strictObject({
  remarks: text().trim().max(4000, 'Remarks must be at most 4000 characters').nullable().optional(),
  ...reauthenticationShape,
});

export const tripLessonRecordsSchema = z.object({
  records: z.array(z.object({ id: z.uuid(), student: personRef, lesson_title: text(), status: z.enum(lessonStatuses) })),
  /** The flight's students' active enrolments the reader may grade, to link the flight to a lesson. */
  enrollments: z.array(
    z.object({
      id: z.uuid(),
      student: personRef,
      course_name: text(),
      open_lessons: z.array(z.object({ key: text(), title: text(), stage_title: text(), kind: z.enum(lessonKinds) })),
    }),
  ),
});
export type TripLessonRecords = z.infer<typeof tripLessonRecordsSchema>;

// The student's progress

export const scorecardSchema = z.object({
  tasks: z.array(
    z.object({
      task_code: text(),
      title: text(),
      times_practised: z.number().int(),
      last_date: text().nullable(),
      latest_grade: text().nullable(),
      best_grade: text().nullable(),
      scale: z.enum(gradingScaleKeys),
      /** The last grades, oldest first: the trend. */
      history: z.array(z.object({ date: text(), grade: text(), record_id: z.uuid() })),
      trend: z.enum(['improving', 'steady', 'declining', 'new']),
    }),
  ),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

export const handoffBriefSchema = z.object({
  student: personRef,
  generated_at: text(),
  enrollment: enrollmentSummarySchema.nullable(),
  recent_lessons: z.array(
    z.object({
      record_id: z.uuid(),
      date: text(),
      title: text(),
      status: z.enum(lessonStatuses),
      instructor: instructorRef,
      remarks: text().nullable(),
      grades: z.array(z.object({ title: text(), task_code: text().nullable(), grade: text().nullable() })),
    }),
  ),
  rework: z.array(reworkItemSchema),
  recurring_moments: z.array(z.object({ category: text(), label: text(), flights: z.number().int(), last_seen: text() })),
  currency: z.array(z.object({ label: text(), regulation: text(), status: text(), until: text().nullable() })),
  endorsements: z.array(z.object({ title: text(), regulation: text(), given_on: text(), expires_on: text().nullable() })),
});
export type HandoffBrief = z.infer<typeof handoffBriefSchema>;

export const trainingProgressSchema = z.object({
  by_stage: z.array(z.object({ course: text(), stage: text(), students: z.number().int() })),
  behind_plan: z.array(z.object({ student: personRef, course: text(), stage: text().nullable(), reason: text() })),
});
export type TrainingProgress = z.infer<typeof trainingProgressSchema>;

/** A printed brief or training record: the reader's time zone, in which the signatures' and the printing's times read. */
export const trainingPdfQuerySchema = z.object({ timezone: timeZoneField });

/** How a lesson's and an enrolment's standing read in words, on the screens and on paper. */
export const lessonStatusLabels: Record<LessonStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  complete: 'Complete',
  incomplete: 'Incomplete',
};
export const enrollmentStatusLabels: Record<(typeof enrollmentStatuses)[number], string> = {
  active: 'Active',
  graduated: 'Graduated',
  withdrawn: 'Withdrawn',
};

/** The hand-off brief's currency status, in words (the logbook's currency, 14 CFR 61.56, 61.57). */
export const handoffCurrencyStatuses = { current: 'Current', lapsingSoon: 'Lapsing soon', lapsed: 'Not current' } as const;
