import { describe, expect, it } from 'vitest';
import { gradeRank, gradingScaleKeys, gradingScales, isGradeOnScale, meetsGrade, proposedGrade } from './grading-scales.ts';

describe('grading scales', () => {
  it('name a passing and an unsatisfactory grade of their own, with ranks in order', () => {
    for (const key of gradingScaleKeys) {
      const scale = gradingScales[key];
      expect(scale.key).toBe(key);
      expect(isGradeOnScale(key, scale.passing)).toBe(true);
      if (scale.unsatisfactory !== null) expect(isGradeOnScale(key, scale.unsatisfactory)).toBe(true);
      const ranks = scale.grades.map((grade) => grade.rank);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(new Set(ranks).size).toBe(ranks.length);
    }
  });

  it('rank grades and tell grades of another scale', () => {
    expect(gradeRank('numeric-4', '4')).toBeGreaterThan(gradeRank('numeric-4', '3') ?? Infinity);
    expect(gradeRank('satisfactory', 'S')).toBeGreaterThan(gradeRank('satisfactory', 'U') ?? Infinity);
    expect(isGradeOnScale('numeric-4', 'S')).toBe(false);
    expect(isGradeOnScale('introduced-practised-proficient', 'F')).toBe(true);
    expect(gradeRank('satisfactory', '3')).toBeUndefined();
  });

  it('decide whether a grade meets what an item requires', () => {
    expect(meetsGrade('numeric-4', '4', '3')).toBe(true);
    expect(meetsGrade('numeric-4', '3', '3')).toBe(true);
    expect(meetsGrade('numeric-4', '2', '3')).toBe(false);
    expect(meetsGrade('satisfactory', 'I', 'S')).toBe(false);
    expect(meetsGrade('introduced-practised-proficient', 'P', 'I')).toBe(true);
    expect(meetsGrade('introduced-practised-proficient', 'P', 'F')).toBe(false);
    expect(meetsGrade('numeric-4', 'S', '1')).toBe(false);
    expect(meetsGrade('numeric-4', '4', 'X')).toBe(false);
  });

  it('propose the passing grade within the tolerances and the failing or lowest grade outside them', () => {
    expect(proposedGrade('numeric-4', 'within')).toBe('3');
    expect(proposedGrade('numeric-4', 'outside')).toBe('1');
    expect(proposedGrade('satisfactory', 'within')).toBe('S');
    expect(proposedGrade('satisfactory', 'outside')).toBe('U');
    expect(proposedGrade('introduced-practised-proficient', 'within')).toBe('F');
    expect(proposedGrade('introduced-practised-proficient', 'outside')).toBe('I');
  });
});
