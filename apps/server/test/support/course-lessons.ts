import type { CourseLesson } from '@skylog/contracts';

/**
 * A school's own first lesson, as the course tests build their courses from it: steep turns and a landing to the
 * ACS standard (grade 3 on the 1–4 scale), and a briefing item not required for the lesson to be complete.
 */
export const steepTurnsAndLandings: CourseLesson = {
  key: 'l1',
  title: 'Steep turns and landings',
  kind: 'flight',
  planned_hours: 1.2,
  stage_check: false,
  objective: '',
  items: [
    { key: 'l1-steep', task_code: 'PA.V.A', title: 'Steep Turns', kind: 'flight', required_grade: '3', required: true },
    { key: 'l1-landing', task_code: 'PA.IV.B', title: 'Normal Approach and Landing', kind: 'flight', required_grade: '3', required: true },
    { key: 'l1-brief', task_code: null, title: 'Preflight briefing', kind: 'ground', required_grade: '2', required: false },
  ],
};
