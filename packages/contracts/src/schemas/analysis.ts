import { z } from 'zod';
import { acsEvidenceSchema } from './acs-evidence.ts';
import { text } from './text.ts';

/**
 * Flight analysis (deterministic, offline) and the AI debrief notes drafted from it. Every time is
 * epoch milliseconds, the clock of track points and markers; transcript times (seconds into the
 * audio) are moved onto it with the audio's started_at.
 */

export const flightPhases = [
  'taxi',
  'takeoff_roll',
  'climb',
  'cruise',
  'descent',
  'approach',
  'landing',
  'touch_and_go',
  'go_around',
] as const;
export type FlightPhase = (typeof flightPhases)[number];

export const flightPhaseLabels: Record<FlightPhase, string> = {
  taxi: 'Taxi',
  takeoff_roll: 'Take-off roll',
  climb: 'Climb',
  cruise: 'Cruise',
  descent: 'Descent',
  approach: 'Approach',
  landing: 'Landing',
  touch_and_go: 'Touch-and-go',
  go_around: 'Go-around',
};

/** One colour per phase, for the strip under the charts, the phase list and the PDF debrief (ground phases in earth tones). */
export const phaseColours: Record<FlightPhase, string> = {
  taxi: '#a8a29e',
  takeoff_roll: '#f59e0b',
  climb: '#22c55e',
  cruise: '#3b82f6',
  descent: '#8b5cf6',
  approach: '#ec4899',
  landing: '#ef4444',
  touch_and_go: '#f97316',
  go_around: '#14b8a6',
};

export const phaseSegmentSchema = z.object({ phase: z.enum(flightPhases), start: z.number(), end: z.number() });
export type PhaseSegment = z.infer<typeof phaseSegmentSchema>;

export const landingSchema = z.object({
  kind: z.enum(['full_stop', 'touch_and_go']),
  touchdown_time: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  ground_speed_kt: z.number(),
  /** Seconds from crossing 50 ft above the field to touchdown; null when the track does not show it. */
  float_s: z.number().nullable(),
  /** Mean rate of descent from 500 ft above the field to touchdown, feet per minute (positive going down). */
  descent_rate_fpm: z.number().nullable(),
  /** The touchdown altitude, taken as the field's. */
  field_elevation_ft: z.number(),
});
export type Landing = z.infer<typeof landingSchema>;

/** A span of the track or a moment of the audio that a finding or a note points at. */
export const evidenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('utterance'), start: z.number(), end: z.number(), speaker: z.number().int().nullable(), text: text() }),
  z.object({ kind: z.literal('marker'), time: z.number(), marker_id: z.number().int(), notes: text() }),
  z.object({ kind: z.literal('track'), start: z.number(), end: z.number(), summary: text() }),
]);
export type Evidence = z.infer<typeof evidenceSchema>;

export const readbackElementTypes = [
  'altitude',
  'flight_level',
  'heading',
  'frequency',
  'squawk',
  'runway',
  'hold_short',
  'cleared_takeoff',
  'cleared_land',
  'callsign',
] as const;
export type ReadbackElementType = (typeof readbackElementTypes)[number];

export const readbackElementSchema = z.object({
  type: z.enum(readbackElementTypes),
  /** As instructed, normalised ("3500", "27L", "121.5", "4521"; "yes" for a clearance; "Skyline 21" for the callsign). */
  expected: text(),
  /** As read back, normalised; null when the readback left it out. */
  heard: text().nullable(),
});
export type ReadbackElement = z.infer<typeof readbackElementSchema>;

export const utteranceSchema = z.object({ start: z.number(), end: z.number(), speaker: z.number().int().nullable(), text: text() });
export type Utterance = z.infer<typeof utteranceSchema>;

/**
 * The rules a readback rests on, each in plain words with where it is written. One table for the server's
 * findings, the web's display and the notes.
 */
export const readbackRuleIds = ['levels', 'headings', 'frequencies', 'squawks', 'runway_clearances', 'hold_short', 'callsign'] as const;
export type ReadbackRuleId = (typeof readbackRuleIds)[number];

export const readbackRules: Record<ReadbackRuleId, { rule: string; citation: string }> = {
  levels: {
    rule: 'Read back every altitude or flight level you are assigned, in the order given: a level misheard and not read back is how level busts start.',
    citation: 'FAA AIM 4-4-7(b); 14 CFR 91.123; ICAO Doc 4444 4.5.7.5.1(c)',
  },
  headings: {
    rule: 'Read back every heading (vector) you are given, with the direction of turn, so the controller hears the number you will fly.',
    citation: 'FAA AIM 4-4-7(b); ICAO Doc 4444 4.5.7.5.1(c)',
  },
  frequencies: {
    rule: 'Read back a new frequency before you change to it; the last digits are enough when they are unambiguous ("ground point niner").',
    citation: 'FAA AIM 4-4-7(b); ICAO Doc 4444 4.5.7.5.1(c); ICAO Doc 9432',
  },
  squawks: {
    rule: 'Read back a transponder code digit by digit, as you set it.',
    citation: 'FAA AIM 4-4-7(b); ICAO Doc 4444 4.5.7.5.1(c)',
  },
  runway_clearances: {
    rule: 'Read back every clearance to land on, take off from, line up on, enter or cross a runway, with the runway: the two numbers are the last check against landing or departing on the wrong one.',
    citation: 'FAA AIM 4-4-7(b); 14 CFR 91.123; ICAO Doc 4444 4.5.7.5.1(b)',
  },
  hold_short: {
    rule: 'Read back every hold-short instruction with the runway or point you will hold short of; a hold short read back as a crossing is a runway incursion in the making.',
    citation: 'FAA AIM 4-3-18; ICAO Doc 4444 4.5.7.5.1(b)',
  },
  callsign: {
    rule: 'End every readback with your own callsign, as ATC called you: a readback under another callsign (or none) leaves the controller not knowing who took the clearance.',
    citation: 'FAA AIM 4-4-7(b)(1) and 4-2-4; ICAO Doc 4444 4.5.7.5.1',
  },
};

/** The rule each readback element rests on. */
export const readbackRuleOf: Record<ReadbackElementType, ReadbackRuleId> = {
  altitude: 'levels',
  flight_level: 'levels',
  heading: 'headings',
  frequency: 'frequencies',
  squawk: 'squawks',
  runway: 'runway_clearances',
  hold_short: 'hold_short',
  cleared_takeoff: 'runway_clearances',
  cleared_land: 'runway_clearances',
  callsign: 'callsign',
};

export const readbackStatuses = ['correct', 'missing', 'incomplete', 'wrong', 'unclear'] as const;
export type ReadbackStatus = (typeof readbackStatuses)[number];

export const readbackFindingSchema = z.object({
  /**
   * missing: the aircraft called never read it back; incomplete: an element was left out; wrong: an element
   * (or the callsign) was changed; unclear: it looks faulty, but a word of it was heard too poorly to say.
   */
  status: z.enum(readbackStatuses),
  instruction: utteranceSchema,
  readback: utteranceSchema.nullable(),
  elements: z.array(readbackElementSchema),
  /** The aircraft the instruction called, as written ("Skyline 21", "N123AB"); null when no callsign was heard. Null on analyses made before it was found. */
  addressee: text().nullable().default(null),
  /** What a correct readback would have been, in the words a pilot says ("Cleared to land runway three one, Skyline one two"). */
  expected_readback: text().nullable().default(null),
  /** The rule the finding rests on: of the first element not read back right, else of the first element. */
  rule: z.enum(readbackRuleIds).nullable().default(null),
});
export type ReadbackFinding = z.infer<typeof readbackFindingSchema>;

export const findingKinds = [
  'unstable_approach',
  'steep_bank',
  'high_descent_rate',
  'workload_cluster',
  'readback',
  'go_around',
  'hard_landing',
  'long_float',
  'stable_approach',
  'smooth_landing',
  'clean_readbacks',
] as const;
export type FindingKind = (typeof findingKinds)[number];

export const momentCategories = ['approach', 'landing', 'handling', 'communication', 'workload', 'take_off'] as const;
export type MomentCategory = (typeof momentCategories)[number];

export const momentCategoryLabels: Record<MomentCategory, string> = {
  approach: 'Approach',
  landing: 'Landing',
  handling: 'Aircraft handling',
  communication: 'Radio',
  workload: 'Workload',
  take_off: 'Take-off',
};

/** A moment worth talking about: found by the analysis, or picked by the model from those. */
export const teachableMomentSchema = z.object({
  id: text(),
  time: z.number(),
  end_time: z.number().nullable(),
  kind: z.enum(findingKinds),
  category: z.enum(momentCategories),
  /** well: to repeat; improve: to work on. */
  tone: z.enum(['well', 'improve']),
  title: text(),
  explanation: text(),
  evidence: z.array(evidenceSchema),
  /** Set on readback moments: the instruction and the readback side by side. */
  readback: readbackFindingSchema.nullable(),
});
export type TeachableMoment = z.infer<typeof teachableMomentSchema>;

export const flightAnalysisSchema = z.object({
  /** Bumped when the rules change, so stored analyses are recomputed. */
  version: z.number().int(),
  computed_at: text(),
  phases: z.array(phaseSegmentSchema),
  /** Each lift-off (touch-and-goes' and launches' included) and where it was: the logbook's day and night take-offs. */
  takeoffs: z.array(z.object({ time: z.number(), latitude: z.number(), longitude: z.number() })),
  landings: z.array(landingSchema),
  moments: z.array(teachableMomentSchema),
  readbacks: z.array(readbackFindingSchema),
  /**
   * The FAA-S-ACS-6C tasks the track and transcript show, each with its measurements against the ACS tolerances, in time
   * order. Absent from analyses stored before it was measured (version 3 and older): they are made again at start-up.
   */
  acs_evidence: z.array(acsEvidenceSchema).optional(),
  /** What could not be analysed and why, in words a person understands ("No track: …"). */
  limitations: z.array(text()),
  stats: z.object({
    max_altitude_ft: z.number().nullable(),
    max_ground_speed_kt: z.number().nullable(),
    max_bank_deg: z.number().nullable(),
    landings: z.number().int(),
    go_arounds: z.number().int(),
  }),
});
export type FlightAnalysis = z.infer<typeof flightAnalysisSchema>;

export const aiStatuses = ['queued', 'running', 'ready', 'failed'] as const;
export type AiStatus = (typeof aiStatuses)[number];

/** What a language model must answer: validated before anything is stored, never shown raw. */
export const aiNotesDraftSchema = z.object({
  well: z.array(z.object({ moment_id: text().nullable(), text: text().min(1).max(600) })).max(8),
  improve: z.array(z.object({ moment_id: text().nullable(), text: text().min(1).max(600) })).max(8),
});
export type AiNotesDraft = z.infer<typeof aiNotesDraftSchema>;

export const aiNotesSources = ['rules', 'llm'] as const;
export type AiNotesSource = (typeof aiNotesSources)[number];

/** GET /api/trips/:id/analysis: the analysis and the drafted notes, with their state. */
export const tripAnalysisSchema = z.object({
  ai_status: z.enum(aiStatuses).nullable(),
  /** Why the last draft failed, in words a person understands. */
  ai_error: text().nullable(),
  ai_source: z.enum(aiNotesSources).nullable(),
  ai_trip_well: text().nullable(),
  ai_trip_improve: text().nullable(),
  /** The drafted points, each with the moment it is about (null: the whole flight). */
  ai_draft: aiNotesDraftSchema.nullable(),
  ai_teachable_moments: z.array(teachableMomentSchema),
  analysis: flightAnalysisSchema.nullable(),
});
export type TripAnalysis = z.infer<typeof tripAnalysisSchema>;

export const transcriptionProviders = ['deepgram', 'whisper', 'none'] as const;
export type TranscriptionProviderName = (typeof transcriptionProviders)[number];

/** POST /api/trips/:id/transcription answers the trip's transcript state. */
export const transcriptStateSchema = z.object({
  transcript_in_progress: z.boolean(),
  has_transcript: z.boolean(),
  /** The last attempt's failure ("Failed to generate transcript: …"); null after a success. */
  transcript_error: text().nullable(),
  /** When the running job started (ISO 8601): the screen counts the time since; providers report no progress of their own. */
  transcript_started_at: text().nullable(),
});
export type TranscriptState = z.infer<typeof transcriptStateSchema>;

/** A sentence of a transcript: times in seconds into the audio, as the transcript's words. */
export const transcriptSentenceSchema = z.object({
  start: z.number(),
  end: z.number(),
  speaker: z.number().int().nullable(),
  text: text(),
});
export type TranscriptSentence = z.infer<typeof transcriptSentenceSchema>;

/** A flight's transcription: its sentences and AI notes. One per trip (audio_log_id is the trip's id: a trip has one current audio). */
export const transcriptionSchema = z.object({
  id: z.uuid(),
  audio_log_id: z.uuid(),
  trip_name: text(),
  transcription_sentences: z.array(transcriptSentenceSchema),
  ai_notes: text().nullable(),
  updated_at: text(),
});

/** GET /api/transcriptions: the transcriptions of the trips the caller may read, newest first. */
export const transcriptionListQuerySchema = z.strictObject({
  trip_id: z.uuid('Not a valid trip id').optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(0).default(0),
  page_size: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(50).default(10),
});
export const transcriptionListSchema = z.object({ items: z.array(transcriptionSchema), total: z.number().int() });

export const pilotProfileQuerySchema = z.strictObject({ user_id: z.uuid('Not a valid person id').optional() });

/**
 * A pilot profile (docs/product.md "Instructors and students"): a person and the people they fly with, counted from the
 * flights the caller may read. One per person, so its id is the person's.
 */
export const pilotProfileSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  crew_members: z.array(
    z.object({ skylog_id: z.uuid(), name: text().nullable(), email: text(), flights: z.number().int(), last_flight: text().nullable() }),
  ),
});
export const pilotProfileListSchema = z.object({ items: z.array(pilotProfileSchema) });
