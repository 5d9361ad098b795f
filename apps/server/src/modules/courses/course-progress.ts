import type { CourseContent, LessonStatus, PlanStatus } from '@skylog/contracts';
import { lessonsOf } from './course-content.ts';

/**
 * Where a student stands in a course (docs/product.md "Lessons and grading"): each lesson's status from its records,
 * which lessons are open (a stage's lessons open once every stage check before it is passed), the stage they are in,
 * and whether they are ahead of, on or behind the plan by calendar and by hours.
 */

export type RecordFacts = { lessonKey: string; status: LessonStatus; flightHours: number; groundHours: number };

/** A lesson is complete once any of its records is; otherwise as its latest record stands. */
export function lessonStatusOf(records: readonly RecordFacts[]): LessonStatus {
  if (records.some((record) => record.status === 'complete')) return 'complete';
  return records.at(-1)?.status ?? 'not-started';
}

/**
 * The margin before a student counts as behind or ahead: a tenth of the course's lessons, at least one lesson (a
 * week's weather should not mark anyone behind).
 */
const lessonMargin = (total: number) => Math.max(1, Math.round(total / 10));
/** Flying this much more than the completed lessons planned (and an hour over, for short courses) is behind by hours. */
const hoursOverPlan = 1.3;

export type Progress = {
  statuses: Map<string, LessonStatus>;
  openStages: number;
  stage: { key: string; title: string; index: number } | null;
  lessonsDone: number;
  lessonsTotal: number;
  flightHours: number;
  plannedHoursDone: number;
  plan: { status: PlanStatus; expected_lessons: number; weeks_elapsed: number; reason: string | null };
};

const round1 = (value: number) => Math.round(value * 10) / 10;

export function progressOf(content: CourseContent, records: readonly RecordFacts[], enrolledOn: string, today: string): Progress {
  const lessons = lessonsOf(content);
  const statuses = new Map(lessons.map(({ lesson }) => [lesson.key, lessonStatusOf(records.filter((record) => record.lessonKey === lesson.key))]));
  // Stages open in turn: the first whose stage checks are not all complete is the last open one.
  let openStages = 0;
  for (const stage of content.stages) {
    openStages++;
    const checks = stage.lessons.filter((lesson) => lesson.stage_check);
    if (!checks.every((lesson) => statuses.get(lesson.key) === 'complete')) break;
  }
  const current = content.stages.findIndex((stage) => stage.lessons.some((lesson) => statuses.get(lesson.key) !== 'complete'));
  const done = lessons.filter(({ lesson }) => statuses.get(lesson.key) === 'complete');
  const flightHours = round1(records.reduce((sum, record) => sum + record.flightHours, 0));
  const plannedHoursDone = round1(done.reduce((sum, { lesson }) => sum + (lesson.kind === 'flight' ? lesson.planned_hours : 0), 0));
  const weeks = Math.max(0, (Date.parse(today) - Date.parse(enrolledOn)) / (7 * 86_400_000));
  const expected = lessons.length * Math.min(1, weeks / content.planned_weeks);
  const margin = lessonMargin(lessons.length);
  let plan: Progress['plan'] = { status: 'on-track', expected_lessons: round1(expected), weeks_elapsed: round1(weeks), reason: null };
  if (done.length < expected - margin)
    plan = {
      ...plan,
      status: 'behind',
      reason: `${done.length} of ${lessons.length} lessons done; ${Math.ceil(expected)} were planned by week ${Math.floor(weeks)} of ${content.planned_weeks}`,
    };
  else if (flightHours > plannedHoursDone * hoursOverPlan + 1)
    plan = { ...plan, status: 'behind', reason: `${flightHours} h flown for lessons planned at ${plannedHoursDone} h` };
  else if (done.length > expected + margin) plan = { ...plan, status: 'ahead' };
  const stage = current < 0 ? null : content.stages[current]!;
  return {
    statuses,
    openStages,
    stage: stage ? { key: stage.key, title: stage.title, index: current } : null,
    lessonsDone: done.length,
    lessonsTotal: lessons.length,
    flightHours,
    plannedHoursDone,
    plan,
  };
}
