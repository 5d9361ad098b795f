import {
  acsDocumentTasks,
  acsDocuments,
  acsTolerances,
  gradingScales,
  type AcsUnit,
  type GradingScaleKey,
  type LessonStatus,
  type PlanStatus,
  type Program,
} from '@skylog/contracts';

/**
 * The words and citations the training screens share (docs/product.md "Lessons and grading"): each status as a pilot
 * reads it, and the rule a pilot would check beside what it governs.
 */

export const lessonStatusLabels: Record<LessonStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  complete: 'Complete',
  incomplete: 'Incomplete',
};

export const planStatusLabels: Record<PlanStatus, string> = { ahead: 'Ahead of plan', 'on-track': 'On track', behind: 'Behind plan' };

/** The rule each flavour of course trains to: the aeronautical experience of 61.109, or the curriculum of appendix B. */
export const partLabels: Record<Program, string> = {
  '61': 'Part 61 (14 CFR 61.109)',
  '141': 'Part 141 (14 CFR part 141 appendix B)',
};

/** A stage check is given by a check instructor who did not teach the stage (14 CFR 141.37; part 141 appendix B). */
export const stageCheckCitation = '14 CFR 141.37; part 141 appendix B';

/** A school's record of each student's training, which the enrolment's CSV and PDF are (14 CFR 141.101). */
export const trainingRecordCitation = 'Training record per 14 CFR 141.101';

/** A lesson's signature is an electronic record signature, as a logbook's is. */
export const lessonSignatureNote =
  'Your signature records your certificate and the time; once signed, the lesson’s grades never change (AC 120-78).';

/** "3 — Meets the ACS standard": a grade with its meaning on the course's scale. */
export function gradeText(scale: GradingScaleKey, code: string): string {
  const grade = gradingScales[scale].grades.find((candidate) => candidate.code === code);
  return grade ? `${grade.code} — ${grade.label}` : code;
}

/** The ACS a task code is from ("FAA-S-ACS-6C"), or null for a code of no document Skylog holds. */
export function acsDocumentOf(taskCode: string): string | null {
  return acsDocuments.find((document) => acsDocumentTasks(document).some((task) => task.code === taskCode))?.id ?? null;
}

/** The ACS tasks the flight analysis measures against their tolerances: only these can carry a proposal. */
const measurableTasks = new Set<string>(Object.values(acsTolerances).map((tolerance) => tolerance.task));

export const isMeasurableTask = (taskCode: string | null) => taskCode !== null && measurableTasks.has(taskCode);

const unitSuffixes: Record<AcsUnit, string> = { deg: '°', ft: ' ft', kt: ' kt', fpm: ' ft/min', s: ' s', percent: '%' };

/** A measured figure with its unit, to the tenth only when it has one. */
export function measurementText(value: number, unit: AcsUnit): string {
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}${unitSuffixes[unit]}`;
}
