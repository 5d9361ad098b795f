import { z } from 'zod';
import { text } from './text.ts';

/**
 * What a flight's track and transcript show of the FAA Private Pilot – Airplane ACS (FAA-S-ACS-6C) tasks Skylog can
 * measure: for each time a task was flown, whether it was within the ACS tolerances (`acsTolerances`), the numbers,
 * and when (epoch ms), so the flight screen can go to the moment. It is a proposal for the instructor, who grades
 * (docs/product.md "Lessons and grading").
 */

export const acsUnits = ['deg', 'ft', 'kt', 'fpm', 's', 'percent'] as const;
export type AcsUnit = (typeof acsUnits)[number];

export const acsOutcomes = ['within', 'outside'] as const;
export type AcsOutcome = (typeof acsOutcomes)[number];

/** One figure compared with its tolerance. `limit` says the tolerance in words ("45° ±5°"). */
export const acsMeasurementSchema = z.object({
  label: text(),
  value: z.number(),
  unit: z.enum(acsUnits),
  limit: text(),
  within: z.boolean(),
});
export type AcsMeasurement = z.infer<typeof acsMeasurementSchema>;

/** One performance of a task: within when every measurement is. */
export const acsEvidenceSchema = z.object({
  /** The ACS task ("PA.V.A"). */
  task_code: text(),
  outcome: z.enum(acsOutcomes),
  start_ms: z.number(),
  end_ms: z.number(),
  /** In plain words: "Steep turn left through 370°: bank 44–47°, altitude within 80 ft, roll-out 6° off the entry heading". */
  summary: text(),
  measurements: z.array(acsMeasurementSchema),
});
export type AcsEvidence = z.infer<typeof acsEvidenceSchema>;
