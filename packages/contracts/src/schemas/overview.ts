import { z } from 'zod';
import { dayField, timeZoneField } from './periods.ts';
import { text } from './text.ts';
import { tripSummarySchema } from './trips.ts';

/** Weeks the flights-per-week chart shows, the current one last; hours per aircraft cover the same weeks. */
export const overviewWeeks = 12;
/** Flights listed under "Recent flights" and "Awaiting debrief". */
export const overviewListLength = 5;

/**
 * GET /api/overview. Weeks and months are counted in `timezone` (the reader's choice, Local or UTC,
 * as the flights list filters days), up to and including `date` (today there by default).
 */
export const overviewQuerySchema = z.object({
  timezone: timeZoneField,
  date: dayField('Date').optional(),
  sub_org_id: z.uuid('Sub organization must be an id').optional(),
});

/** Flights that began in the days from `from` to `to` (both included), and their flight time. */
export const overviewPeriodSchema = z.object({
  from: text(),
  to: text(),
  flights: z.number().int(),
  flight_time_ms: z.number().int(),
});
export type OverviewPeriod = z.infer<typeof overviewPeriodSchema>;

export const overviewSchema = z.object({
  timezone: text(),
  date: text(),
  sub_org_id: z.uuid().nullable(),
  this_week: overviewPeriodSchema,
  last_week: overviewPeriodSchema,
  this_month: overviewPeriodSchema,
  last_month: overviewPeriodSchema,
  /** Active accounts, as the Students and Instructors lists count them with status Active. */
  active_students: z.number().int(),
  active_instructors: z.number().int(),
  aircraft: z.number().int(),
  /** People of the organization whose recorder cable is not collected (the Cable Collection list's "Not collected"). */
  cables_not_collected: z.number().int(),
  awaiting_debrief: z.number().int(),
  /** Markers this month by rocker key, and the flights that hold them. */
  markers: z.array(z.object({ key: z.number().int(), markers: z.number().int(), flights: z.number().int() })),
  /** The last `overviewWeeks` weeks, oldest first. */
  weeks: z.array(overviewPeriodSchema),
  /** Flight time per aircraft over those weeks, most first; `aircraft_id` null for flights without an aircraft. */
  hours_per_aircraft: z.array(
    z.object({ aircraft_id: z.uuid().nullable(), tail_number: text().nullable(), flights: z.number().int(), flight_time_ms: z.number().int() }),
  ),
  recent: z.array(tripSummarySchema),
  awaiting: z.array(tripSummarySchema),
});
export type Overview = z.infer<typeof overviewSchema>;
