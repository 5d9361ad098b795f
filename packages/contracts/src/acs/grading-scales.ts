/**
 * The scales an instructor grades a lesson item on. A course picks one scale for all its items; every scale names
 * the grade that meets the ACS standard (`passing`) and the grade that sends an item back for rework
 * (`unsatisfactory`, null when the scale has none). Higher rank is better.
 */

export const gradingScaleKeys = ['numeric-4', 'satisfactory', 'introduced-practised-proficient'] as const;
export type GradingScaleKey = (typeof gradingScaleKeys)[number];

export type Grade = { code: string; label: string; rank: number };

export type GradingScale = {
  key: GradingScaleKey;
  label: string;
  grades: readonly Grade[];
  /** The grade that means the item meets the ACS standard. */
  passing: string;
  /** The grade that means the item is not to standard and must be flown again; null when the scale has none. */
  unsatisfactory: string | null;
};

export const gradingScales: Readonly<Record<GradingScaleKey, GradingScale>> = {
  'numeric-4': {
    key: 'numeric-4',
    label: 'Numeric 1–4',
    grades: [
      { code: '1', label: 'Unsatisfactory: repeat', rank: 1 },
      { code: '2', label: 'Below the standard', rank: 2 },
      { code: '3', label: 'Meets the ACS standard', rank: 3 },
      { code: '4', label: 'Exceeds the standard', rank: 4 },
    ],
    passing: '3',
    unsatisfactory: '1',
  },
  satisfactory: {
    key: 'satisfactory',
    label: 'Satisfactory / Unsatisfactory',
    grades: [
      { code: 'U', label: 'Unsatisfactory', rank: 1 },
      { code: 'I', label: 'Incomplete', rank: 2 },
      { code: 'S', label: 'Satisfactory', rank: 3 },
    ],
    passing: 'S',
    unsatisfactory: 'U',
  },
  // A syllabus item may ask only for Introduced or Practised; checkride-level items ask for Proficient.
  'introduced-practised-proficient': {
    key: 'introduced-practised-proficient',
    label: 'Introduced / Practised / Proficient',
    grades: [
      { code: 'I', label: 'Introduced', rank: 1 },
      { code: 'P', label: 'Practised', rank: 2 },
      { code: 'F', label: 'Proficient', rank: 3 },
    ],
    passing: 'F',
    unsatisfactory: null,
  },
};

/** The rank of a grade on a scale; undefined when the code is not one of the scale's grades. */
export function gradeRank(scale: GradingScaleKey, code: string): number | undefined {
  return gradingScales[scale].grades.find((grade) => grade.code === code)?.rank;
}

export function isGradeOnScale(scale: GradingScaleKey, code: string): boolean {
  return gradeRank(scale, code) !== undefined;
}

/** Whether `grade` is at least `required` on the scale; false when either is not a grade of the scale. */
export function meetsGrade(scale: GradingScaleKey, grade: string, required: string): boolean {
  const gradeValue = gradeRank(scale, grade);
  const requiredValue = gradeRank(scale, required);
  return gradeValue !== undefined && requiredValue !== undefined && gradeValue >= requiredValue;
}

/** Whether a measured maneuver stayed within the ACS tolerances. */
export type MeasuredOutcome = 'within' | 'outside';

/**
 * The grade Skylog proposes from a measurement: the scale's passing grade within the tolerances; outside them its
 * unsatisfactory grade, or its lowest grade when it has none. The instructor's grade replaces it.
 */
export function proposedGrade(scale: GradingScaleKey, outcome: MeasuredOutcome): string {
  const { passing, unsatisfactory, grades } = gradingScales[scale];
  if (outcome === 'within') return passing;
  if (unsatisfactory !== null) return unsatisfactory;
  const lowest = grades.reduce((low, grade) => (grade.rank < low.rank ? grade : low));
  return lowest.code;
}

/** An item of a lesson as signing judges it. */
export type GradedLine = { required: boolean; grade: string | null; required_grade: string };

/**
 * What signing a lesson makes of its grades (docs/product.md "Lessons and grading"), one rule for the server that
 * signs and the screen that says beforehand what signing will do: complete when every required item reached its
 * grade; an item graded below its grade goes on the rework list (`shortOf`); an ungraded required item leaves the
 * lesson incomplete without going on it; `met` are the items graded to their grade.
 */
export function lessonOutcome<Line extends GradedLine>(scale: GradingScaleKey, lines: readonly Line[]) {
  const reaches = (line: Line) => line.grade !== null && meetsGrade(scale, line.grade, line.required_grade);
  return {
    isComplete: lines.every((line) => !line.required || reaches(line)),
    met: lines.filter(reaches),
    shortOf: lines.filter((line) => line.grade !== null && !reaches(line)),
    ungraded: lines.filter((line) => line.required && line.grade === null),
  };
}
