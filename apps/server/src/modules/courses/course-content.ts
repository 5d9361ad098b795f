import {
  acsTaskByCode,
  courseContentSchema,
  gradingScales,
  isGradeOnScale,
  trainingMessages,
  type CourseContent,
  type CourseLesson,
  type CourseStage,
  type GradingScaleKey,
} from '@skylog/contracts';
import type { RowProblem } from '../../lib/app-error.ts';

/**
 * What a course's syllabus must hold beyond its shape (docs/product.md "Lessons and grading"): keys unique in the
 * course (lessons and items are found by them across revisions), every task code a task of the ACS, every required
 * grade a grade of the course's scale. Each problem names its place, e.g. `content.stages.0.lessons.2.items.1.task_code`.
 */
export function contentProblems(content: CourseContent, scale: GradingScaleKey): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  const unique = (key: string, field: string) => {
    if (seen.has(key)) problems.push({ field, message: trainingMessages.duplicateKey(key) });
    seen.add(key);
  };
  content.stages.forEach((stage, s) => {
    unique(stage.key, `content.stages.${s}.key`);
    stage.lessons.forEach((lesson, l) => {
      const at = `content.stages.${s}.lessons.${l}`;
      unique(lesson.key, `${at}.key`);
      lesson.items.forEach((item, i) => {
        unique(item.key, `${at}.items.${i}.key`);
        if (item.task_code !== null && !acsTaskByCode(item.task_code))
          problems.push({ field: `${at}.items.${i}.task_code`, message: trainingMessages.unknownTask(item.task_code) });
        if (!isGradeOnScale(scale, item.required_grade))
          problems.push({ field: `${at}.items.${i}.required_grade`, message: trainingMessages.gradeNotOnScale(item.required_grade, gradingScales[scale].label) });
      });
    });
  });
  return problems;
}

/** Every lesson of a syllabus in its order, with its stage and the stage's place. */
export function lessonsOf(content: CourseContent): { lesson: CourseLesson; stage: CourseStage; stageIndex: number }[] {
  return content.stages.flatMap((stage, stageIndex) => stage.lessons.map((lesson) => ({ lesson, stage, stageIndex })));
}

export function findLesson(content: CourseContent, key: string) {
  return lessonsOf(content).find((entry) => entry.lesson.key === key);
}

/** The CSV columns of a course file: a row per item, its lesson and stage named on every row. */
export const courseCsvColumns = [
  'stage_key',
  'stage_title',
  'lesson_key',
  'lesson_title',
  'lesson_kind',
  'planned_hours',
  'stage_check',
  'item_key',
  'task_code',
  'item_title',
  'item_kind',
  'required_grade',
  'required',
] as const;

/** Splits CSV text into rows of fields (RFC 4180: quoted fields may hold commas, quotes and line ends). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

const isYes = (value: string) => ['yes', 'true', '1', 'y'].includes(value.trim().toLowerCase());

/**
 * A course file's syllabus, or every row's problem. CSV rows group by stage and lesson key in the order met; a
 * JSON file is the content document itself. Nothing is stored unless the whole file is good.
 */
export function parseCourseFile(format: 'json' | 'csv', file: string, scale: GradingScaleKey, plannedWeeks = 26): { content: CourseContent } | { rows: RowProblem[] } {
  let candidate: unknown;
  if (format === 'json') {
    try {
      candidate = JSON.parse(file);
    } catch {
      return { rows: [{ row: 0, field: 'file', message: trainingMessages.importBadJson }] };
    }
  } else {
    const [header, ...lines] = parseCsv(file.replace(/^\uFEFF/, ''));
    const columns = (header ?? []).map((cell) => cell.trim().toLowerCase());
    const missing = courseCsvColumns.filter((column) => !columns.includes(column));
    if (missing.length > 0) return { rows: missing.map((column) => ({ row: 1, field: column, message: trainingMessages.importUnknownColumn(column) })) };
    const stages: CourseContent['stages'] = [];
    const rowOfItem = new Map<string, number>();
    lines.forEach((cells, index) => {
      const cell = (column: (typeof courseCsvColumns)[number]) => (cells[columns.indexOf(column)] ?? '').trim();
      let stage = stages.find((candidateStage) => candidateStage.key === cell('stage_key'));
      if (!stage) {
        stage = { key: cell('stage_key'), title: cell('stage_title'), objective: '', lessons: [] };
        stages.push(stage);
      }
      let lesson = stage.lessons.find((candidateLesson) => candidateLesson.key === cell('lesson_key'));
      if (!lesson) {
        lesson = {
          key: cell('lesson_key'),
          title: cell('lesson_title'),
          kind: cell('lesson_kind') as 'flight',
          planned_hours: Number(cell('planned_hours') || '0'),
          stage_check: isYes(cell('stage_check')),
          objective: '',
          items: [],
        };
        stage.lessons.push(lesson);
      }
      if (cell('item_key') === '') return;
      rowOfItem.set(cell('item_key'), index + 2);
      lesson.items.push({
        key: cell('item_key'),
        task_code: cell('task_code') === '' ? null : cell('task_code').toUpperCase(),
        // A task's title is the ACS's own when the row leaves it out; an unknown code stands in, to be reported as such.
        title: cell('item_title') || (acsTaskByCode(cell('task_code').toUpperCase())?.title ?? cell('task_code')),
        kind: cell('item_kind') as 'flight',
        required_grade: cell('required_grade'),
        required: isYes(cell('required')),
      });
    });
    candidate = { stages, planned_weeks: plannedWeeks };
    const shaped = courseContentSchema.safeParse(candidate);
    const rowOf = (path: readonly PropertyKey[]): number => {
      const [, s, , l, , i] = path;
      const lesson = stages[Number(s)]?.lessons[Number(l)];
      const item = i === undefined ? lesson?.items[0] : lesson?.items[Number(i)];
      return item ? (rowOfItem.get(item.key) ?? 0) : 0;
    };
    if (!shaped.success)
      return { rows: shaped.error.issues.map((issue) => ({ row: rowOf(issue.path), field: String(issue.path.at(-1) ?? 'file'), message: issue.message })) };
    const problems = contentProblems(shaped.data, scale);
    if (problems.length > 0)
      return {
        rows: problems.map((problem) => {
          const path = problem.field.split('.').slice(1);
          return { row: rowOf(path), field: path.at(-1) ?? null, message: problem.message };
        }),
      };
    return { content: shaped.data };
  }
  const shaped = courseContentSchema.safeParse(candidate);
  if (!shaped.success) return { rows: shaped.error.issues.map((issue) => ({ row: 0, field: issue.path.join('.') || 'file', message: issue.message })) };
  const problems = contentProblems(shaped.data, scale);
  if (problems.length > 0) return { rows: problems.map((problem) => ({ row: 0, field: problem.field.replace(/^content\./, ''), message: problem.message })) };
  return { content: shaped.data };
}
