import {
  acsDocuments,
  acsDocumentTasks,
  gradingScales,
  isGradeOnScale,
  type Course,
  type CourseContent,
  type CourseItem,
  type CourseLesson,
  type CourseStage,
  type CourseUpdate,
  type courseUpdateSchema,
  type GradingScaleKey,
} from '@skylog/contracts';
import type { z } from 'zod';

/**
 * The syllabus editor's values: contracts' course change itself (name, grading scale and the whole syllabus), so the
 * form is checked by the same schema the server reads the PATCH body with.
 */
export type SyllabusValues = z.input<typeof courseUpdateSchema>;
export type SyllabusOutput = z.output<typeof courseUpdateSchema>;

/** The form's starting values: the course as it is, copied so that editing never touches the cached course. */
export function syllabusValuesOf(course: Course): SyllabusValues {
  return { name: course.name, scale: course.scale, content: structuredClone(course.content) };
}

/** Whether two JSON values are the same, whatever the order of their keys (the database does not keep it). */
export function isSameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  return (
    leftKeys.length === rightKeys.length &&
    leftKeys.every((key) => isSameJson((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]))
  );
}

/**
 * What to send: only what changed. A course in use makes a new revision whenever content is sent
 * (docs/product.md "Lessons and grading"), so an untouched syllabus is left out rather than copied into one.
 */
export function syllabusChanges(course: Course, values: SyllabusOutput): CourseUpdate {
  const changes: CourseUpdate = {};
  if (values.name !== undefined && values.name !== course.name) changes.name = values.name;
  if (values.scale !== undefined && values.scale !== course.scale) changes.scale = values.scale;
  if (values.content !== undefined && !isSameJson(values.content, course.content)) changes.content = values.content;
  return changes;
}

/**
 * The grading scale stays once anyone was enrolled (docs/product.md "Lessons and grading"): grades already given
 * were given on it. A course is past that when a revision is locked or a second revision was ever written, as the
 * server judges it.
 */
export function isScaleLocked(course: Course): boolean {
  return course.revisions.some((revision) => revision.locked) || course.revisions.some((revision) => revision.number > 1);
}

/** Every stage, lesson and item key of a syllabus: keys are unique in the course. */
export function keysOf(content: CourseContent | undefined): Set<string> {
  const keys = new Set<string>();
  for (const stage of content?.stages ?? []) {
    keys.add(stage.key);
    for (const lesson of stage.lessons) {
      keys.add(lesson.key);
      for (const item of lesson.items) keys.add(item.key);
    }
  }
  return keys;
}

/**
 * A key not taken, in the shipped courses' pattern (`s2`, `s2-l4`, `s2-l4-i7`): the next number after the highest
 * in use. Lessons and items are found by their keys across revisions, so a removed one's key is not handed to a
 * new one while the course still shows it.
 */
export function nextKey(prefix: string, taken: ReadonlySet<string>): string {
  let highest = 0;
  for (const key of taken) {
    if (!key.startsWith(prefix)) continue;
    const rest = key.slice(prefix.length);
    if (/^\d+$/.test(rest)) highest = Math.max(highest, Number(rest));
  }
  let number = highest + 1;
  while (taken.has(`${prefix}${number}`)) number++;
  return `${prefix}${number}`;
}

export function blankItem(key: string, kind: CourseItem['kind'], scale: GradingScaleKey): CourseItem {
  return { key, task_code: null, title: '', kind, required_grade: gradingScales[scale].passing, required: true };
}

export function blankLesson(key: string): CourseLesson {
  return { key, title: '', kind: 'flight', planned_hours: 1, stage_check: false, objective: '', items: [] };
}

export function blankStage(key: string, lessonKey: string): CourseStage {
  return { key, title: '', objective: '', lessons: [blankLesson(lessonKey)] };
}

/**
 * A new scale for a course nobody was enrolled on: each item's grade to reach that is not a grade of the new scale
 * becomes the new scale's passing grade. Returns the places changed, as form paths.
 */
export function regradeForScale(
  content: CourseContent,
  scale: GradingScaleKey,
): { path: `content.stages.${number}.lessons.${number}.items.${number}.required_grade`; grade: string }[] {
  const passing = gradingScales[scale].passing;
  return content.stages.flatMap((stage, s) =>
    stage.lessons.flatMap((lesson, l) =>
      lesson.items.flatMap((item, i) =>
        isGradeOnScale(scale, item.required_grade)
          ? []
          : [{ path: `content.stages.${s}.lessons.${l}.items.${i}.required_grade` as const, grade: passing }],
      ),
    ),
  );
}

export type AcsTaskOption = { code: string; title: string; kind: CourseItem['kind']; document: string };

/** Every ACS task a course item may name, in each document's order: the private pilot's first, then the instrument rating's. */
export const acsTaskOptions: readonly AcsTaskOption[] = acsDocuments.flatMap((document) =>
  acsDocumentTasks(document).map((task) => ({ code: task.code, title: task.title, kind: task.kind, document: document.id })),
);

/** The tasks whose code or title holds every word typed, in any case. */
export function findAcsTasks(search: string): readonly AcsTaskOption[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return acsTaskOptions;
  return acsTaskOptions.filter((task) => {
    const haystack = `${task.code} ${task.title}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
