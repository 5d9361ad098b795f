import { courseTemplateByKey, type CourseContent } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { lessonStatusOf, progressOf, type RecordFacts } from './course-progress.ts';

/** The shipped Part 141 course: 30 lessons in three stages over its planned weeks (docs/product.md "Lessons and grading"). */
const course: CourseContent = courseTemplateByKey('private-airplane-part-141')!.content;
const keys = course.stages.flatMap((stage) => stage.lessons.map((lesson) => lesson.key));
const done = (count: number, flightHours = 1): RecordFacts[] =>
  keys.slice(0, count).map((lessonKey) => ({ lessonKey, status: 'complete', flightHours, groundHours: 0 }));
const weeksAfter = (start: string, weeks: number) => new Date(Date.parse(start) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

describe('where a student stands in a course', () => {
  it('counts a lesson complete once any of its records is, else as its latest record stands', () => {
    expect(lessonStatusOf([])).toBe('not-started');
    expect(lessonStatusOf([{ lessonKey: 'a', status: 'incomplete', flightHours: 1, groundHours: 0 }])).toBe('incomplete');
    expect(
      lessonStatusOf([
        { lessonKey: 'a', status: 'complete', flightHours: 1, groundHours: 0 },
        { lessonKey: 'a', status: 'in-progress', flightHours: 1, groundHours: 0 },
      ]),
    ).toBe('complete');
  });

  it('opens a stage only once every stage check before it is passed', () => {
    const stageOne = course.stages[0]!.lessons.length;
    expect(progressOf(course, done(stageOne - 1), '2026-01-05', '2026-01-06').openStages).toBe(1);
    const passed = progressOf(course, done(stageOne), '2026-01-05', '2026-01-06');
    expect(passed.openStages).toBe(2);
    expect(passed.stage).toMatchObject({ index: 1, key: course.stages[1]!.key });
  });

  it('is on track at the plan’s pace, behind more than a tenth of the lessons short, and ahead as far in front', () => {
    const half = weeksAfter('2026-01-05', course.planned_weeks / 2);
    const total = keys.length;
    expect(progressOf(course, done(total / 2), '2026-01-05', half).plan.status).toBe('on-track');
    const behind = progressOf(course, done(total / 2 - 4), '2026-01-05', half).plan;
    expect(behind.status).toBe('behind');
    expect(behind.reason).toMatch(new RegExp(`^${total / 2 - 4} of ${total} lessons done; 15 were planned by week`));
    expect(progressOf(course, done(total / 2 + 4), '2026-01-05', half).plan.status).toBe('ahead');
  });

  it('is behind by hours when the flying took far more than the completed lessons planned', () => {
    const plan = progressOf(course, done(5, 3), '2026-01-05', weeksAfter('2026-01-05', 2)).plan;
    expect(plan.status).toBe('behind');
    expect(plan.reason).toMatch(/^15 h flown for lessons planned at [\d.]+ h$/);
  });
});
