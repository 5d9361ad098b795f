import type { AcsEvidence, AcsMeasurement, AcsUnit } from '@skylog/contracts';

/**
 * How finely each unit is measured and shown. A measurement is compared with its tolerance after rounding, so what
 * the instructor reads is what was judged: a bank of 39.96° shows as 40.0° and is within 45° ±5°.
 */
const resolution: Record<AcsUnit, number> = { deg: 0.1, ft: 1, kt: 1, fpm: 10, s: 0.1, percent: 1 };

/** `value` to its unit's resolution (halves away from zero, so +0.5 and −0.5 round alike). */
export const roundFor = (unit: AcsUnit, value: number): number => {
  const step = resolution[unit];
  const rounded = Math.sign(value) * Math.round(Math.abs(value) / step) * step;
  // Drop the binary fraction a step of 0.1 leaves (40.1 stays 40.1, not 40.100000000000001), and −0.
  return Number(rounded.toFixed(step < 1 ? 1 : 0)) + 0;
};

/** A measurement whose rounded value must lie in [min, max] (either bound may be open). */
export function measurement(
  label: string,
  value: number,
  unit: AcsUnit,
  limit: string,
  bounds: { min?: number; max?: number },
): AcsMeasurement {
  const shown = roundFor(unit, value);
  const within = (bounds.min === undefined || shown >= bounds.min) && (bounds.max === undefined || shown <= bounds.max);
  return { label, value: shown, unit, limit, within };
}

/** One performance of a task: within when every measurement is (each task gives at least one). */
export function evidence(taskCode: string, start: number, end: number, summary: string, measurements: AcsMeasurement[]): AcsEvidence {
  return {
    task_code: taskCode,
    outcome: measurements.every((item) => item.within) ? 'within' : 'outside',
    start_ms: start,
    end_ms: end,
    summary,
    measurements,
  };
}

/** The p-th quantile (0–1) of `values`, linearly interpolated; undefined when there are none. */
export function quantile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

export const median = (values: readonly number[]): number | undefined => quantile(values, 0.5);

/** The signed difference a − b of two angles, in (−180, 180]. */
export const angleDifference = (a: number, b: number): number => {
  const difference = ((((a - b) % 360) + 540) % 360) - 180;
  return difference === -180 ? 180 : difference;
};

/** The value of largest magnitude (its sign kept); 0 for none. */
export const largestDeviation = (deviations: readonly number[]): number =>
  deviations.reduce((worst, deviation) => (Math.abs(deviation) > Math.abs(worst) ? deviation : worst), 0);

/** "1,250": whole numbers as a person writes them. */
export const formatWhole = (value: number): string => Math.round(value).toLocaleString('en-US');

/** "2 min 5 s", "45 s". */
export const formatDuration = (milliseconds: number): string => {
  const seconds = Math.round(milliseconds / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min${seconds % 60 === 0 ? '' : ` ${seconds % 60} s`}`;
};

/** "+10/−0 kt": a tolerance above and below written as the ACS writes it. */
export const plusMinus = (plus: number, minus: number, unit: string): string =>
  plus === minus ? `±${plus}${unit}` : `+${plus}/−${minus}${unit}`;

/** The numbers `at` gives over fixes [first, last] (inclusive), its nulls left out. */
export function valuesBetween(at: (index: number) => number | null, first: number, last: number): number[] {
  const values: number[] = [];
  for (let index = first; index <= last; index++) {
    const value = at(index);
    if (value !== null) values.push(value);
  }
  return values;
}

/** The numbers of a series over fixes [from, to] (inclusive, clipped to the series). */
export const numbersBetween = (values: readonly (number | null)[], from: number, to: number): number[] =>
  valuesBetween((index) => values[index] ?? null, Math.max(0, from), Math.min(values.length - 1, to));
