import { z } from 'zod';
import { endorsementKinds } from '../endorsements.ts';
import { limits } from '../limits.ts';
import { dayField, timeZoneField } from './periods.ts';
import { text } from './text.ts';

/**
 * A pilot's logbook (docs/product.md "Logbook"): one entry per person per flight with the content 14 CFR 61.51(b)
 * asks for, filled from the flight's track where a track can say it, signed by the student's instructor.
 */

/** Category and class as 14 CFR 61.5 names them; the rules (currency 61.57, progress 61.109) compare these. */
export const categoryClasses = [
  'airplane single-engine land',
  'airplane single-engine sea',
  'airplane multiengine land',
  'airplane multiengine sea',
  'rotorcraft helicopter',
  'rotorcraft gyroplane',
  'glider',
  'lighter-than-air balloon',
  'lighter-than-air airship',
  'powered-lift',
  'powered parachute',
  'weight-shift-control',
] as const;
export type CategoryClassName = (typeof categoryClasses)[number];

/**
 * The kinds of ground training device 14 CFR 61.65(h) and (i) give different credit: a full flight simulator or
 * flight training device (14 CFR part 60), or an advanced or basic aviation training device (AC 61-136).
 */
export const trainingDevices = [
  'full-flight-simulator',
  'flight-training-device',
  'advanced-aviation-training-device',
  'basic-aviation-training-device',
] as const;
export type TrainingDevice = (typeof trainingDevices)[number];
export const trainingDeviceLabels: Record<TrainingDevice, string> = {
  'full-flight-simulator': 'Full flight simulator',
  'flight-training-device': 'Flight training device',
  'advanced-aviation-training-device': 'Advanced aviation training device',
  'basic-aviation-training-device': 'Basic aviation training device',
};

export const logbookEntrySources = ['flight', 'import', 'manual'] as const;
export type LogbookEntrySource = (typeof logbookEntrySources)[number];

const hours = (label: string) =>
  z
    .number({ error: `${label} must be a number of hours` })
    .min(0, `${label} cannot be negative`)
    .max(limits.logbookMaxHoursPerEntry, `${label} cannot be more than ${limits.logbookMaxHoursPerEntry} hours`);
const count = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(limits.logbookMaxCountPerEntry, `${label} cannot be more than ${limits.logbookMaxCountPerEntry}`);
const shortText = (label: string, max: number) => text().trim().max(max, `${label} must be at most ${max} characters`).nullable();

/** A point of the route: the departure first, then each landing, with what happened there. */
export const logbookRoutePointSchema = z.strictObject({
  airport: shortText('Airport', 8),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  /** The landing here was to a full stop (false for a touch-and-go; ignored for the departure). */
  full_stop: z.boolean(),
  /** The airport had an operating control tower (61.109(a)(5)(iii)). */
  towered: z.boolean(),
});
export type LogbookRoutePoint = z.infer<typeof logbookRoutePointSchema>;

const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time` }).nullable();

/** Everything an entry records (14 CFR 61.51(b)); hours are decimal hours. */
export const logbookFieldsShape = {
  date: dayField('Date'),
  aircraft_make_model: shortText('Make and model', 80),
  aircraft_identification: shortText('Aircraft identification', 20),
  category_class: z.enum(categoryClasses, { error: 'Choose a category and class' }),
  tailwheel: z.boolean(),
  route: z.array(logbookRoutePointSchema).max(limits.logbookMaxRoutePoints, `A route has at most ${limits.logbookMaxRoutePoints} points`),
  takeoff_at: instant('Take-off'),
  landing_at: instant('Landing'),
  block_hours: hours('Block time').nullable(),
  total_hours: hours('Total time'),
  pic_hours: hours('PIC'),
  sic_hours: hours('SIC'),
  solo_hours: hours('Solo'),
  dual_received_hours: hours('Dual received'),
  dual_given_hours: hours('Dual given'),
  cross_country_hours: hours('Cross-country'),
  night_hours: hours('Night'),
  actual_instrument_hours: hours('Actual instrument'),
  simulated_instrument_hours: hours('Simulated instrument'),
  safety_pilot: shortText('Safety pilot', limits.nameMaxLength),
  simulator_hours: hours('Simulator or training device'),
  /** Which kind of device the simulator time was in (61.65(h), (i) credit them differently); null for a flight. */
  training_device: z.enum(trainingDevices, { error: 'Choose a kind of training device' }).nullable(),
  day_takeoffs: count('Day take-offs'),
  night_takeoffs: count('Night take-offs'),
  day_full_stop_landings: count('Day full-stop landings'),
  night_full_stop_landings: count('Night full-stop landings'),
  landings: count('Landings'),
  approaches: count('Approaches'),
  approach_types: shortText('Approach types', 200),
  holds: count('Holds'),
  course_tracking: z.boolean(),
  /** Flown under IFR on a flight plan (the instrument cross-country of 61.65(d)(2)(ii)). */
  ifr_flight_plan: z.boolean(),
  flight_review: z.boolean(),
  instrument_proficiency_check: z.boolean(),
  practical_test_preparation: z.boolean(),
  remarks: shortText('Remarks', limits.logbookRemarksMaxLength),
};
export const logbookFieldsSchema = z.strictObject(logbookFieldsShape);
export type LogbookFields = z.infer<typeof logbookFieldsSchema>;
export type LogbookField = keyof LogbookFields;
export const logbookFieldNames = Object.keys(logbookFieldsShape) as LogbookField[];

/** The hour fields, which may not exceed the entry's total (nor, on a flight, the flight's own time). */
export const logbookHourFields = [
  'pic_hours',
  'sic_hours',
  'solo_hours',
  'dual_received_hours',
  'dual_given_hours',
  'cross_country_hours',
  'night_hours',
  'actual_instrument_hours',
  'simulated_instrument_hours',
] as const satisfies readonly LogbookField[];

/** What a track can tell; the rest (instrument time, approaches, holds, remarks) is typed by the pilot. */
export const logbookTrackFields = [
  'date',
  'aircraft_make_model',
  'aircraft_identification',
  'category_class',
  'route',
  'takeoff_at',
  'landing_at',
  'block_hours',
  'total_hours',
  'pic_hours',
  'solo_hours',
  'dual_received_hours',
  'dual_given_hours',
  'cross_country_hours',
  'night_hours',
  'day_takeoffs',
  'night_takeoffs',
  'day_full_stop_landings',
  'night_full_stop_landings',
  'landings',
] as const satisfies readonly LogbookField[];

/** Labels of the fields, on screen, in exports and in field errors. */
export const logbookFieldLabels: Record<LogbookField, string> = {
  date: 'Date',
  aircraft_make_model: 'Make and model',
  aircraft_identification: 'Aircraft identification',
  category_class: 'Category and class',
  tailwheel: 'Tailwheel',
  route: 'Route',
  takeoff_at: 'Take-off',
  landing_at: 'Landing',
  block_hours: 'Block time',
  total_hours: 'Total time',
  pic_hours: 'PIC',
  sic_hours: 'SIC',
  solo_hours: 'Solo',
  dual_received_hours: 'Dual received',
  dual_given_hours: 'Dual given',
  cross_country_hours: 'Cross-country',
  night_hours: 'Night',
  actual_instrument_hours: 'Actual instrument',
  simulated_instrument_hours: 'Simulated instrument',
  safety_pilot: 'Safety pilot',
  simulator_hours: 'Simulator or training device',
  training_device: 'Training device',
  day_takeoffs: 'Day take-offs',
  night_takeoffs: 'Night take-offs',
  day_full_stop_landings: 'Day full-stop landings',
  night_full_stop_landings: 'Night full-stop landings',
  landings: 'Landings',
  approaches: 'Approaches',
  approach_types: 'Approach types',
  holds: 'Holds',
  course_tracking: 'Course tracking',
  ifr_flight_plan: 'IFR flight plan',
  flight_review: 'Flight review',
  instrument_proficiency_check: 'Instrument proficiency check',
  practical_test_preparation: 'Practical test preparation',
  remarks: 'Remarks',
};

/** A new entry typed by hand (a simulator session, a flight from before Skylog): date, category and total are needed. */
export const logbookEntryCreateSchema = logbookFieldsSchema.partial().required({ date: true, category_class: true, total_hours: true });
/** A change to an entry: the fields typed, and fields to give back to what the track says. */
export const logbookEntryUpdateSchema = logbookFieldsSchema.partial().extend({
  restore_from_track: z.array(z.enum(logbookTrackFields)).max(logbookTrackFields.length).optional(),
});

export const signatureStatuses = ['valid', 'invalid'] as const;
export type SignatureStatus = (typeof signatureStatuses)[number];

/** An instructor's electronic signature (AC 120-78): who, their certificate, when, and the hash of what they signed. */
export const logbookSignatureSchema = z.object({
  id: z.uuid(),
  instructor_id: z.uuid().nullable(),
  instructor_name: text(),
  certificate_number: text(),
  certificate_expires: text(),
  signed_at: text(),
  /** How the instructor proved it was them at that moment. */
  method: z.enum(['password', 'authenticator']),
  hash: text(),
  /** invalid: a signed field changed since (undoing the change makes it valid again). */
  status: z.enum(signatureStatuses),
  /** The signed fields that differ from what was signed. */
  changed_fields: z.array(text()),
});
export type LogbookSignature = z.infer<typeof logbookSignatureSchema>;

export const logbookEntrySchema = logbookFieldsSchema.extend({
  date: text(),
  id: z.uuid(),
  pilot: z.object({ skylog_id: z.uuid(), name: text().nullable(), user_type: text() }),
  trip_id: z.uuid().nullable(),
  source: z.enum(logbookEntrySources),
  /** Fields whose value is what the flight's track gave (the pilot has not typed over them). */
  from_track: z.array(text()),
  /** What the track gave, for the fields it can fill; null for an entry without a flight. */
  track_values: logbookFieldsSchema.partial().nullable(),
  /** An imported entry's paper or other product's signature, kept as a note: never a Skylog signature. */
  imported_attestation: text().nullable(),
  signature: logbookSignatureSchema.nullable(),
  can_edit: z.boolean(),
  can_sign: z.boolean(),
  created_at: text(),
  updated_at: text(),
});
export type LogbookEntry = z.infer<typeof logbookEntrySchema>;

/** The totals of a set of entries, as a paper logbook carries them at the foot of each page. */
export const logbookTotalsSchema = z.object({
  entries: z.number().int(),
  ...(Object.fromEntries([...logbookHourFields, 'total_hours', 'simulator_hours'].map((field) => [field, z.number()])) as Record<
    (typeof logbookHourFields)[number] | 'total_hours' | 'simulator_hours',
    z.ZodNumber
  >),
  day_takeoffs: z.number().int(),
  night_takeoffs: z.number().int(),
  day_full_stop_landings: z.number().int(),
  night_full_stop_landings: z.number().int(),
  landings: z.number().int(),
  approaches: z.number().int(),
  holds: z.number().int(),
});
export type LogbookTotals = z.infer<typeof logbookTotalsSchema>;

export const logbookSortFields = [
  'date',
  'total_hours',
  'aircraft_identification',
  'category_class',
  'night_hours',
  'cross_country_hours',
] as const;

export const logbookListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  page_size: z.coerce.number().int().min(1).max(200).default(limits.logbookPageSize),
  sort: z.enum(logbookSortFields).default('date'),
  order: z.enum(['asc', 'desc']).default('asc'),
  from: dayField('From').optional(),
  to: dayField('To').optional(),
  category_class: z.enum(categoryClasses).optional(),
  /** Words found in the aircraft, route or remarks. */
  search: text().trim().max(100).optional(),
  /** Only entries awaiting a signature (unsigned, or whose signature is no longer valid). */
  unsigned: z.enum(['true', 'false']).optional(),
});

export const logbookListSchema = z.object({
  items: z.array(logbookEntrySchema),
  total: z.number().int(),
  /** This page's column sums. */
  page_totals: logbookTotalsSchema,
  /** The sums of the filtered entries before this page (in the list's order): "amount forwarded". */
  brought_forward: logbookTotalsSchema,
  /** Forwarded plus this page: "total to date". */
  to_date: logbookTotalsSchema,
});
export type LogbookList = z.infer<typeof logbookListSchema>;

/** The instructor's proof that it is them, asked again at the moment of signing (AC 120-78). */
export const reauthenticationShape = {
  password: text().max(limits.passwordMaxLength).optional(),
  /** A code of the instructor's authenticator app, instead of the password. */
  code: text()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits')
    .optional(),
  certificate_number: text().trim().min(1, 'Certificate number is required').max(30, 'Certificate number must be at most 30 characters'),
  certificate_expires: dayField('Certificate expiry'),
};
export const logbookSignBodySchema = z.strictObject(reauthenticationShape);

export const chainBreakReasons = ['changed', 'deleted', 'reordered', 'link-altered', 'unsigned-entry'] as const;

/** The check of a student's signed entries: each signature against its entry, and the hash chain over them. */
export const logbookVerificationSchema = z.object({
  checked_at: text(),
  signatures: z.number().int(),
  chain: z.object({
    valid: z.boolean(),
    /** Where the chain first breaks, and why. */
    break: z
      .object({
        index: z.number().int(),
        signature_id: z.uuid(),
        entry_id: z.uuid().nullable(),
        reason: z.enum(chainBreakReasons),
        message: text(),
      })
      .nullable(),
  }),
  /** Signed entries whose content changed since they were signed. */
  invalid_entries: z.array(z.object({ entry_id: z.uuid(), date: text(), changed_fields: z.array(text()) })),
});
export type LogbookVerification = z.infer<typeof logbookVerificationSchema>;

/** Each currency rule as the screens and the summary name it (14 CFR 61.56, 61.57). */
export const currencyTexts = {
  '61.57(a)': {
    label: 'Passengers, day',
    explanation:
      'Three take-offs and three landings within the preceding 90 days, as sole manipulator of the controls, in the same category and class (14 CFR 61.57(a)).',
  },
  '61.57(a) tailwheel': {
    label: 'Passengers, tailwheel',
    explanation: 'In a tailwheel airplane the three landings must be to a full stop (14 CFR 61.57(a)(1)(ii)).',
  },
  '61.57(b)': {
    label: 'Passengers, night',
    explanation:
      'Three take-offs and three landings to a full stop between 1 hour after sunset and 1 hour before sunrise, within the preceding 90 days (14 CFR 61.57(b)).',
  },
  '61.57(c)': {
    label: 'Instrument',
    explanation:
      'Six instrument approaches, holding procedures and intercepting and tracking courses within the preceding 6 calendar months; after 6 more, only an instrument proficiency check (14 CFR 61.57(c), (d)).',
  },
  '61.56': {
    label: 'Flight review',
    explanation: 'A flight review (or a practical test) within the preceding 24 calendar months (14 CFR 61.56(c)).',
  },
} as const;
export type CurrencyRuleName = keyof typeof currencyTexts;

export const currencySchema = z.object({
  rule: text(),
  label: text(),
  current: z.boolean(),
  current_through: text().nullable(),
  lapses_on: text().nullable(),
  lapsing_soon: z.boolean(),
  /** What it takes, in words, with its regulation. */
  explanation: text(),
});
export type CurrencyStatus = z.infer<typeof currencySchema>;

export const progressRequirementSchema = z.object({
  paragraph: text(),
  label: text(),
  required: z.number(),
  done: z.number(),
  unit: text(),
  entries: z.array(z.uuid()),
  missing: text().nullable(),
});
export type ProgressRequirement = z.infer<typeof progressRequirementSchema>;

/** The day currency and progress are read on (today by default): "will I still be current on the day of my trip?" */
export const logbookSummaryQuerySchema = z.object({ as_of: dayField('As of').optional() });

export const logbookSummarySchema = z.object({
  pilot: z.object({ skylog_id: z.uuid(), name: text().nullable(), user_type: text() }),
  /** The reader may add to this logbook (their own, or their student's): Add entry and Import. */
  can_edit: z.boolean(),
  as_of: text(),
  totals: logbookTotalsSchema,
  currency: z.array(currencySchema),
  /** The solo endorsement in force (61.87(n): 90 days), if any. */
  solo_endorsement: z.object({ endorsement_id: z.uuid(), expires_on: text().nullable(), current: z.boolean() }).nullable(),
  progress: z.array(
    z.object({ certificate: text(), regulation: text(), met: z.boolean(), requirements: z.array(progressRequirementSchema) }),
  ),
});
export type LogbookSummary = z.infer<typeof logbookSummarySchema>;

export const logbookCsvLayouts = ['foreflight', 'myflightbook'] as const;
export type LogbookCsvLayout = (typeof logbookCsvLayouts)[number];
export const logbookPdfLayouts = ['us', 'easa'] as const;

export const logbookImportBodySchema = z.strictObject({
  layout: z.enum(logbookCsvLayouts, { error: 'Choose ForeFlight or MyFlightbook' }),
  csv: text()
    .min(1, 'The file is empty')
    .max(limits.logbookImportMaxBytes, `A logbook file may be at most ${limits.logbookImportMaxBytes / 1_048_576} MB`),
});
export const logbookImportResultSchema = z.object({ imported: z.number().int(), skipped_duplicates: z.number().int() });
/** A refused import: every row's problems, so the file can be corrected at once (nothing was imported). */
export const logbookImportReportSchema = z.object({
  rows: z.array(z.object({ row: z.number().int(), field: text().nullable(), message: text() })),
});
export type LogbookImportReport = z.infer<typeof logbookImportReportSchema>;

export const logbookExportQuerySchema = z.object({ layout: z.enum(logbookCsvLayouts).default('foreflight') });
export const logbookPdfQuerySchema = z.object({
  layout: z.enum(logbookPdfLayouts).default('us'),
  timezone: timeZoneField,
});

/** Endorsements (AC 61-65): given by the student's instructor, signed like entries, never edited. */
export const endorsementSchema = z.object({
  id: z.uuid(),
  kind: z.enum(endorsementKinds),
  title: text(),
  regulation: text(),
  text: text(),
  student: z.object({ skylog_id: z.uuid(), name: text().nullable() }),
  aircraft_make_model: text().nullable(),
  instructor_id: z.uuid().nullable(),
  instructor_name: text(),
  certificate_number: text(),
  certificate_expires: text(),
  signed_at: text(),
  hash: text(),
  /** The last day it is good for; null when it does not expire. */
  expires_on: text().nullable(),
  current: z.boolean(),
  /** The stored hash still matches the text: nothing was altered since signing. */
  signature_valid: z.boolean(),
});
export type Endorsement = z.infer<typeof endorsementSchema>;

export const endorsementRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(endorsementKinds),
  title: text(),
  student: z.object({ skylog_id: z.uuid(), name: text().nullable() }),
  note: text().nullable(),
  created_at: text(),
});
export type EndorsementRequest = z.infer<typeof endorsementRequestSchema>;

export const endorsementListSchema = z.object({ items: z.array(endorsementSchema), requests: z.array(endorsementRequestSchema) });

export const endorsementCreateSchema = z.strictObject({
  kind: z.enum(endorsementKinds, { error: 'Choose an endorsement' }),
  aircraft_make_model: shortText('Make and model', 80).optional(),
  /** The request it answers, which it then closes. */
  request_id: z.uuid().optional(),
  ...reauthenticationShape,
});
export const endorsementRequestCreateSchema = z.strictObject({
  kind: z.enum(endorsementKinds, { error: 'Choose an endorsement' }),
  note: shortText('Note', 500).optional(),
});

/** The instructor's signing queue: their students' entries awaiting a signature, and endorsements asked for. */
export const signingQueueSchema = z.object({
  entries: z.array(logbookEntrySchema),
  endorsement_requests: z.array(endorsementRequestSchema),
});

/** An instructor's students with the date each currency and the solo endorsement lapses. */
export const studentsCurrencySchema = z.object({
  items: z.array(
    z.object({
      student: z.object({ skylog_id: z.uuid(), name: text().nullable() }),
      currency: z.array(currencySchema),
      solo_endorsement: logbookSummarySchema.shape.solo_endorsement,
      awaiting_signature: z.number().int(),
    }),
  ),
});

export const tripLogbookEntriesSchema = z.object({ items: z.array(logbookEntrySchema) });
export const logbookEntryParamsSchema = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
