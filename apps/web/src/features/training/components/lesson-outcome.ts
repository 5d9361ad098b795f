import { meetsGrade, type LessonRecord, type LessonRecordItem } from '@skylog/contracts';

/**
 * What signing a lesson makes of its grades, by the rule the server signs with (docs/product.md "Lessons and
 * grading"): complete when every required item reached its grade; an item graded below its grade goes on the rework
 * list; an ungraded required item leaves the lesson incomplete without going on it.
 */
export function lessonOutcome(record: Pick<LessonRecord, 'course' | 'items'>) {
  const reaches = (item: LessonRecordItem) => item.grade !== null && meetsGrade(record.course.scale, item.grade, item.required_grade);
  return {
    isComplete: record.items.every((item) => !item.required || reaches(item)),
    rework: record.items.filter((item) => item.grade !== null && !reaches(item)),
    ungraded: record.items.filter((item) => item.required && item.grade === null),
  };
}

/** "PA.V.A Steep Turns": an item as a list names it. */
export const itemName = (item: Pick<LessonRecordItem, 'task_code' | 'title'>) =>
  item.task_code ? `${item.task_code} ${item.title}` : item.title;
