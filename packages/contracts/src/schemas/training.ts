import { z } from 'zod';
import { roles } from '../roles.ts';
import { timeZoneField } from './periods.ts';
import { text } from './text.ts';

/** Flights a training record lists one by one (newest first); its totals count every flight. */
export const trainingRecordFlights = 200;
/** Months the record's markers-over-time chart covers, the last one the month of the range's end (or today). */
export const trainingRecordMonths = 12;

/** Markers per rocker key: [key 1, key 2, key 3, key 4]. */
const markerCounts = z.array(z.number().int()).length(4);

export const trainingSeats = ['left', 'right', 'none'] as const;

const seatTotals = z.object({ flights: z.number().int(), flight_time_ms: z.number().int() });

/** One flight of a person's record; the analysis's figures are null until the flight is analysed. */
export const trainingFlightSchema = z.object({
  trip_id: z.uuid(),
  trip_name: text(),
  begin_time: text().nullable(),
  duration_ms: z.number().int().nullable(),
  /** Where the person sat; `none` on a flight they recorded without a seat. */
  seat: z.enum(trainingSeats),
  /** Who sat in the other seat. */
  crew: text().nullable(),
  aircraft: text().nullable(),
  origin: text().nullable(),
  destination: text().nullable(),
  markers: markerCounts,
  landings: z.number().int().nullable(),
  /** Of the landings, the full stops (14 CFR 61.57(b) counts these at night); null when not analysed. */
  full_stop_landings: z.number().int().nullable(),
  go_arounds: z.number().int().nullable(),
  moments_well: z.number().int().nullable(),
  moments_improve: z.number().int().nullable(),
  /** Readbacks the analysis checked, and those missing, incomplete or wrong. */
  readbacks: z.number().int().nullable(),
  readback_findings: z.number().int().nullable(),
  is_debriefed: z.boolean(),
});
export type TrainingFlight = z.infer<typeof trainingFlightSchema>;

/** GET /api/users/{id}/training-record: a person's flights that the reader may see, in a range of days. */
export const trainingRecordSchema = z.object({
  person: z.object({ skylog_id: z.uuid(), name: text().nullable(), email: text(), user_type: z.enum(roles) }),
  timezone: text(),
  from: text().nullable(),
  to: text().nullable(),
  totals: z.object({
    flights: z.number().int(),
    flight_time_ms: z.number().int(),
    left_seat: seatTotals,
    right_seat: seatTotals,
    analysed_flights: z.number().int(),
    landings: z.number().int(),
    full_stop_landings: z.number().int(),
    go_arounds: z.number().int(),
    markers: markerCounts,
    moments_well: z.number().int(),
    moments_improve: z.number().int(),
    readbacks: z.number().int(),
    readback_findings: z.number().int(),
  }),
  /** The last `trainingRecordMonths` months, oldest first. */
  months: z.array(z.object({ month: text(), flights: z.number().int(), flight_time_ms: z.number().int(), markers: markerCounts })),
  flights: z.array(trainingFlightSchema),
  last_debrief: z
    .object({ trip_id: z.uuid(), trip_name: text(), begin_time: text().nullable(), trip_well: text().nullable(), trip_improve: text().nullable() })
    .nullable(),
});
export type TrainingRecord = z.infer<typeof trainingRecordSchema>;

/** GET /api/trips/{id}/debrief.pdf and POST …/debrief/send: the days and times in the reader's zone. */
export const debriefQuerySchema = z.object({ timezone: timeZoneField });

/** POST /api/trips/{id}/debrief/send: the students the PDF went to. */
export const tripDebriefSentSchema = z.object({ sent_to: z.array(z.object({ skylog_id: z.uuid(), name: text().nullable(), email: text() })) });
export type TripDebriefSent = z.infer<typeof tripDebriefSentSchema>;

/** GET /api/users/{id}/students-training: an instructor's linked students, each student's record in figures. */
export const studentsTrainingSchema = z.object({
  items: z.array(
    z.object({
      skylog_id: z.uuid(),
      name: text().nullable(),
      flights: z.number().int(),
      flight_time_ms: z.number().int(),
      landings: z.number().int(),
      go_arounds: z.number().int(),
      moments_improve: z.number().int(),
      readbacks: z.number().int(),
      readback_findings: z.number().int(),
      last_flight: text().nullable(),
      last_debrief: text().nullable(),
    }),
  ),
});
export type StudentsTraining = z.infer<typeof studentsTrainingSchema>;
