import { z } from 'zod';
import { signInProviderIds } from '../sign-in-providers.ts';
import { text } from './text.ts';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { pageQuerySchema } from './people.ts';
import { aiStatuses } from './analysis.ts';
import { audioContentTypeSchema, uploadFileNameSchema } from './upload-files.ts';

/**
 * One GPS fix of a track. Times are epoch milliseconds; altitude and accuracy in metres, speed in
 * metres per second, heading in degrees true (the recorder's units; the UI converts with `units`).
 */
export type TrackPoint = {
  timestamp: number;
  latitude: number;
  longitude: number;
  altitude: number | null;
  accuracy: number | null;
  heading: number | null;
  speed: number | null;
  /** What an aircraft's own data log measured (Garmin G1000 / G3X), absent where the recorder has no such sensor. */
  ias_kt?: number;
  pitch_deg?: number;
  /** Positive right wing down. */
  roll_deg?: number;
};

const nullableNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/** Times arrive as epoch milliseconds or ISO 8601 text (the recorder sends either). */
const timestampInput = z
  .union([z.number().int().positive(), z.iso.datetime({ offset: true })], { error: 'Timestamp must be epoch milliseconds or an ISO 8601 time' })
  .transform((value) => (typeof value === 'number' ? value : Date.parse(value)));

export const coordsInputSchema = z.object({
  latitude: z.number({ error: 'Latitude is required' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
  longitude: z
    .number({ error: 'Longitude is required' })
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
  altitude: nullableNumber('Altitude', -500, 20000),
  accuracy: nullableNumber('Accuracy', 0, 100000),
  heading: nullableNumber('Heading', -360, 360),
  speed: nullableNumber('Speed', 0, 400),
});

export const trackPointInputSchema = coordsInputSchema.extend({ timestamp: timestampInput });

export type Coords = Omit<TrackPoint, 'timestamp'>;

/** A marker (docs/product.md "Markers"): coords, timestamp, markerID (rocker key 1–4) and notes.text. */
export type Marker = {
  markerID: number;
  timestamp: number;
  coords: Coords;
  notes: { text: string };
  /** Set on manual markers (their manual_markers id); absent on the recorder's rocker markers. */
  id?: string;
};

const markerKey = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'markerID must be a rocker key 1 to 4' });
const notesObject = z.object({
  text: text({ error: 'Notes must be text' }).trim().max(limits.markerNoteMaxLength, `Notes must be at most ${limits.markerNoteMaxLength} characters`),
});
const notesInput = notesObject.default({ text: '' });

export const markerInputSchema = z.object({
  markerID: markerKey,
  timestamp: timestampInput,
  coords: coordsInputSchema,
  notes: notesInput,
});

/** The recorder's JSON upload: POST /api/trips. */
export const tripCreateSchema = z.strictObject({
  trip_name: text({ error: 'Trip name is required' }).trim().min(1, 'Trip name is required').max(limits.textFieldMaxLength, `Trip name must be at most ${limits.textFieldMaxLength} characters`),
  aircraft_id: z.uuid('Choose an aircraft of your fleet').nullable().optional(),
  left_seat: z.uuid('Left seat must be a person of your organization').nullable().optional(),
  right_seat: z.uuid('Right seat must be a person of your organization').nullable().optional(),
  origin: text().trim().max(40, 'Origin must be at most 40 characters').nullable().optional(),
  destination: text().trim().max(40, 'Destination must be at most 40 characters').nullable().optional(),
  custom_marker: text().trim().max(40, 'Custom marker must be at most 40 characters').nullable().optional(),
  points: z.array(trackPointInputSchema).max(limits.trackMaxPoints, `A track may have at most ${limits.trackMaxPoints} points`).default([]),
  /** When the flight began, for a trip sent without points (its audio comes next). */
  begin_time: timestampInput.optional(),
  markers: z.array(markerInputSchema).max(limits.markersMaxPerTrip, `A trip may have at most ${limits.markersMaxPerTrip} markers`).default([]),
});

/** Editable trip details: PATCH /api/trips/:id. Debrief notes need an instructor or an admin. */
export const tripUpdateSchema = z.strictObject({
  trip_name: tripCreateSchema.shape.trip_name.optional(),
  aircraft_id: tripCreateSchema.shape.aircraft_id,
  left_seat: tripCreateSchema.shape.left_seat,
  right_seat: tripCreateSchema.shape.right_seat,
  origin: tripCreateSchema.shape.origin,
  destination: tripCreateSchema.shape.destination,
  trip_well: text().max(limits.debriefMaxLength, `Notes must be at most ${limits.debriefMaxLength} characters`).nullable().optional(),
  trip_improve: text().max(limits.debriefMaxLength, `Notes must be at most ${limits.debriefMaxLength} characters`).nullable().optional(),
});

export const tripShareSchema = z.strictObject({
  shared_with: z.array(z.uuid('Choose people of your organization')).max(100, 'Share with at most 100 people'),
});

export const manualMarkerInputSchema = z.strictObject({
  markerID: markerKey,
  timestamp: timestampInput,
  coords: coordsInputSchema.optional(),
  notes: notesInput,
});

export const manualMarkerUpdateSchema = z.strictObject({
  markerID: markerKey.optional(),
  timestamp: timestampInput.optional(),
  // No default here: changing the key or the time alone keeps the notes.
  notes: notesObject.optional(),
});

// Responses are plain shapes: a schema with a transform cannot serialize (fastify-type-provider-zod).
const coordsSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  altitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  heading: z.number().nullable(),
  speed: z.number().nullable(),
});

export const markerSchema = z.object({
  id: text().optional(),
  markerID: z.number().int(),
  timestamp: z.number(),
  coords: coordsSchema,
  notes: z.object({ text: text() }),
});

export const manualMarkerSchema = markerSchema.extend({ id: z.uuid(), trip_id: z.uuid(), created_by: z.uuid().nullable(), updated_at: text() });
export type ManualMarker = z.infer<typeof manualMarkerSchema>;

export const tripPersonSchema = z.object({ skylog_id: z.uuid(), name: text().nullable(), email: text() });
export type TripPerson = z.infer<typeof tripPersonSchema>;

/** GET /api/trips/:id/share-candidates: people of the flight's organization to share it with, found by name or e-mail. */
export const shareCandidatesQuerySchema = z.strictObject({
  search: text().trim().max(100, 'Search must be at most 100 characters').optional(),
});

export const shareCandidatesSchema = z.object({ items: z.array(tripPersonSchema) });

export const audioStatuses = ['none', 'processing', 'ready', 'failed'] as const;
export type AudioStatus = (typeof audioStatuses)[number];

export const tripAudioSchema = z.object({
  status: z.enum(audioStatuses),
  duration_ms: z.number().nullable(),
  mime_type: text().nullable(),
  size_bytes: z.number().nullable(),
  /** Why processing failed, in words a person understands. */
  error: text().nullable(),
  /** Epoch ms of the audio's first sample: aligns audio time with track and marker times. */
  started_at: z.number().nullable(),
});

export const tripSummarySchema = z.object({
  trip_id: z.uuid(),
  skylog_id: z.uuid().nullable(),
  org_id: z.uuid(),
  trip_name: text(),
  aircraft: z.object({ id: z.uuid(), tail_number: text() }).nullable(),
  owner: tripPersonSchema.nullable(),
  left_seat: tripPersonSchema.nullable(),
  right_seat: tripPersonSchema.nullable(),
  origin: text().nullable(),
  destination: text().nullable(),
  begin_time: text().nullable(),
  end_time: text().nullable(),
  duration_ms: z.number().nullable(),
  /** Nautical miles along the track. */
  distance: z.number().nullable(),
  marker_count: z.number().int(),
  has_transcript: z.boolean(),
  transcript_in_progress: z.boolean(),
  audio_status: z.enum(audioStatuses),
  ai_status: z.enum(aiStatuses).nullable(),
  is_debriefed: z.boolean(),
});
export type TripSummary = z.infer<typeof tripSummarySchema>;

export const tripStatusFilters = ['awaiting_debrief', 'debriefed', 'with_audio', 'with_transcript', 'without_transcript'] as const;
export const tripSortFields = ['begin_time', 'trip_name', 'duration', 'distance'] as const;

/** GET /api/trips: ten per page (spec: range 0-9), exact total; a page past the end is empty with the total. */
export const tripListQuerySchema = pageQuerySchema.extend({
  search: text().trim().max(100, 'Search must be at most 100 characters').optional(),
  /** Instants: the client turns the chosen days into times in the chosen timezone (Local / UTC). */
  from: z.iso.datetime({ offset: true, error: 'From must be a time like 2026-01-31T00:00:00Z' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'To must be a time like 2026-01-31T00:00:00Z' }).optional(),
  aircraft_id: z.uuid('Aircraft must be an aircraft id').optional(),
  pilot_id: z.uuid('Pilot must be a person id').optional(),
  sub_org_id: z.uuid('Sub organization must be an id').optional(),
  status: z.enum(tripStatusFilters).optional(),
  /** Flights holding at least one marker of this rocker key. */
  marker: z.coerce
    .number({ error: 'Marker must be a rocker key 1 to 4' })
    .int('Marker must be a rocker key 1 to 4')
    .min(1, 'Marker must be a rocker key 1 to 4')
    .max(4, 'Marker must be a rocker key 1 to 4')
    .optional(),
  /** 'true' adds total_duration_ms (flight hours of an aircraft or a person); it reads every match. */
  with_flight_time: z.enum(['true', 'false'], { error: 'with_flight_time must be true or false' }).optional(),
  sort: z.enum(tripSortFields).default('begin_time'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

/** total_duration_ms sums every matching trip (all pages) when asked with with_flight_time=true. */
export const tripListSchema = z.object({ items: z.array(tripSummarySchema), total: z.number().int(), total_duration_ms: z.number().nullable() });

/** Deepgram's pre-recorded response, as far as Skylog reads it. */
export const transcriptWordSchema = z.object({
  word: text(),
  start: z.number(),
  end: z.number(),
  speaker: z.number().int().optional(),
  punctuated_word: text().optional(),
  confidence: z.number().optional(),
});
export type TranscriptWord = z.infer<typeof transcriptWordSchema>;

export const transcriptJsonSchema = z.object({
  results: z.object({
    channels: z.array(z.object({ alternatives: z.array(z.object({ transcript: text(), words: z.array(transcriptWordSchema) })) })),
  }),
});
export type TranscriptJson = z.infer<typeof transcriptJsonSchema>;

export const tripDetailSchema = tripSummarySchema.extend({
  shared_with: z.array(tripPersonSchema),
  custom_marker: text().nullable(),
  trip_well: text().nullable(),
  trip_improve: text().nullable(),
  ai_trip_well: text().nullable(),
  ai_trip_improve: text().nullable(),
  transcript_error: text().nullable(),
  transcript_started_at: text().nullable(),
  record_uri: text().nullable(),
  audio: tripAudioSchema,
  markers: z.array(markerSchema),
  /** The track simplified on the server for the map overview (full track: /api/trips/:id/track). */
  track_overview: z.array(z.tuple([z.number(), z.number()])),
  point_count: z.number().int(),
  /** The track had no times: its points were spread evenly between the take-off and landing times given at import. */
  times_estimated: z.boolean(),
  can_edit: z.boolean(),
  can_debrief: z.boolean(),
  can_share: z.boolean(),
  can_delete: z.boolean(),
});
export type TripDetail = z.infer<typeof tripDetailSchema>;

/** The full track as columns (compact for 10,800+ points); null where a fix lacks the value. */
export const trackColumnsSchema = z.object({
  timestamp: z.array(z.number()),
  latitude: z.array(z.number()),
  longitude: z.array(z.number()),
  altitude: z.array(z.number().nullable()),
  speed: z.array(z.number().nullable()),
  heading: z.array(z.number().nullable()),
});
export type TrackColumns = z.infer<typeof trackColumnsSchema>;

/** GET /api/trips/:id/transcript: fetched (and cached) apart from the trip, it is its largest part. */
export const tripTranscriptSchema = z.object({ transcript_json: transcriptJsonSchema.nullable() });
export type TripTranscript = z.infer<typeof tripTranscriptSchema>;

export const audioPeaksSchema = z.object({
  duration_ms: z.number(),
  /** Absolute peak per bucket, 0–1; buckets cover the audio evenly. */
  peaks: z.array(z.number()),
});

export const tripListQueryDefaults = { page: 0, page_size: limits.tripsPageSize } as const;

const emptySeat = (message: string) =>
  z
    .union([z.uuid(message), z.literal('')], { error: message })
    .transform((value) => value || null)
    .optional();

export const trackTimesMessages = {
  takeoffTime: 'Take-off time must be a time like 2026-01-31T14:05:00Z',
  landingTime: 'Landing time must be a time like 2026-01-31T15:20:00Z',
  landingFromAudio: 'landing_from_audio must be true or false',
  takeoffNeeded: 'Give the take-off time: the track has no times of its own',
  landingNeeded: "Give the landing time, or use the audio's length",
  landingOrAudio: "Give the landing time or use the audio's length, not both",
  landingAfterTakeoff: 'Landing must be after take-off',
} as const;

export const trackFormats = ['gpx', 'kml', 'csv', 'igc'] as const;
export type TrackFormat = (typeof trackFormats)[number];

/**
 * When a track without times was flown: its take-off, and its landing or the flight's audio's length after the
 * take-off. Skylog spreads the track's points evenly between the two.
 */
const trackTimesFields = {
  takeoff_time: z.iso.datetime({ offset: true, error: trackTimesMessages.takeoffTime }).optional(),
  landing_time: z.iso.datetime({ offset: true, error: trackTimesMessages.landingTime }).optional(),
  landing_from_audio: z.enum(['true', 'false'], { error: trackTimesMessages.landingFromAudio }).optional(),
};
type TrackTimes = { takeoff_time?: string | undefined; landing_time?: string | undefined; landing_from_audio?: 'true' | 'false' | undefined };

/** The rules of the take-off and landing times, each broken one named by its field. */
export const checkTrackTimes = (values: TrackTimes, context: z.RefinementCtx) => {
  const refuse = (path: keyof TrackTimes, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  const fromAudio = values.landing_from_audio === 'true';
  if (values.takeoff_time === undefined) {
    if (values.landing_time !== undefined || fromAudio) refuse('takeoff_time', trackTimesMessages.takeoffNeeded);
    return;
  }
  if (values.landing_time !== undefined && fromAudio) refuse('landing_time', trackTimesMessages.landingOrAudio);
  else if (values.landing_time === undefined && !fromAudio) refuse('landing_time', trackTimesMessages.landingNeeded);
  else if (values.landing_time !== undefined && Date.parse(values.landing_time) <= Date.parse(values.takeoff_time)) {
    refuse('landing_time', trackTimesMessages.landingAfterTakeoff);
  }
};

export const trackTimesSchema = z.strictObject(trackTimesFields).superRefine(checkTrackTimes);

/** POST /api/trips/import: the file is the raw body; these say what to do with it. */
export const trackImportQuerySchema = z.strictObject({
  ...trackTimesFields,
  filename: uploadFileNameSchema,
  /** Replace this trip's track; without it a new trip is created. */
  trip_id: z.uuid('Not a valid trip id').optional(),
  trip_name: tripCreateSchema.shape.trip_name.optional(),
  aircraft_id: z.uuid('Choose an aircraft of your fleet').optional(),
  /** A query cannot send null: an empty value leaves the seat empty, leaving the parameter out takes the usual seat. */
  left_seat: emptySeat('Left seat must be a person of your organization'),
  right_seat: emptySeat('Right seat must be a person of your organization'),
}).superRefine(checkTrackTimes);

/**
 * What POST /api/trips/import answers: the trip, and what the import found: the aircraft type the file names
 * (a Garmin data log's airframe), and notices of values Skylog put right or estimated.
 */
export const trackImportResultSchema = tripDetailSchema.extend({
  track_import: z.object({
    format: z.enum(trackFormats),
    aircraft_type: text().nullable(),
    notices: z.array(text()),
  }),
});
export type TrackImportResult = z.infer<typeof trackImportResultSchema>;

/** GET /api/trips/crew-choices: whom the caller may put in a seat, and the crew a new flight of theirs starts with. */
export const crewChoicesSchema = z.object({
  people: z.array(tripPersonSchema.extend({ user_type: text() })),
  left_seat: z.uuid().nullable(),
  right_seat: z.uuid().nullable(),
  /** An instructor with students names the pilot of each flight they upload. */
  is_left_seat_required: z.boolean(),
});
export type CrewChoices = z.infer<typeof crewChoicesSchema>;


export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: text(),
  prefix: text(),
  created_at: text(),
  last_used_at: text().nullable(),
});
export const apiTokenCreateSchema = z.strictObject({
  name: text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
});
/** The token itself is shown once, at creation; the server keeps only its hash. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: text() });

/** One take of a recording sent in takes: when it started, in ms after the flight began, and its size in the upload. */
export type AudioTake = { offset_ms: number; size_bytes: number };

/**
 * `takes`, for a recording made of microphone takes sent as one upload, their files one after another:
 * `offsetMs:bytes` per take, comma-separated, in the order sent. The server joins them on the flight's timeline with
 * silence where the microphone was off (docs/recorder-api.md "Recordings in takes"). One take is a recording that
 * began some time after the flight.
 */
export const audioTakesSchema = text()
  .transform((value, context): AudioTake[] => {
    const takes = value.split(',').map((entry) => {
      const match = /^(\d{1,9}):(\d{1,12})$/.exec(entry.trim());
      return match ? { offset_ms: Number(match[1]), size_bytes: Number(match[2]) } : null;
    });
    // Splitting gives at least one entry: an empty value is one malformed take.
    const isValid =
      takes.length <= limits.audioTakesMax &&
      takes.every(
        (take, index): take is AudioTake =>
          take !== null &&
          take.size_bytes > 0 &&
          take.offset_ms <= limits.audioTakeOffsetMaxMs &&
          (index === 0 || take.offset_ms > (takes[index - 1]?.offset_ms ?? Infinity)),
      );
    if (!isValid) {
      context.addIssue({ code: 'custom', message: messages.uploadTakesInvalid });
      return z.NEVER;
    }
    return takes as AudioTake[];
  });

/**
 * What a resumable audio upload (tus 1.0, docs/recorder-api.md) says of its file in `Upload-Metadata`: its name,
 * its content type when the client knows it, and its takes when it is several recordings to join.
 */
export const audioUploadMetadataSchema = z.object({
  filename: uploadFileNameSchema,
  filetype: audioContentTypeSchema.optional(),
  takes: audioTakesSchema.optional(),
});
/** An upload's progress (how many bytes the server has) and its processing: its creation's answer, and GET on its URL. */
export const audioUploadSchema = z.object({
  id: z.uuid(),
  trip_id: z.uuid(),
  offset: z.number().int(),
  size_bytes: z.number().int(),
  is_complete: z.boolean(),
  status: z.enum(['receiving', 'processing', 'done', 'failed']),
  error: text().nullable(),
});
export type AudioUpload = z.infer<typeof audioUploadSchema>;

export const clientConfigSchema = z.object({
  /** Leaflet tile URL template; null: the map draws the track without tiles (offline). */
  map_tile_url: text().nullable(),
  map_attribution: text().nullable(),
  audio_upload_max_bytes: z.number(),
  track_file_max_bytes: z.number(),
  /**
   * False while no payment provider is configured: every organization is treated as paid
   * (docs/product.md "Billing and the payment hold").
   */
  billing_enabled: z.boolean(),
  /** none: the Generate transcript button explains which variables to set. */
  transcription_provider: z.enum(['deepgram', 'whisper', 'none']),
  /** rules: the offline rules engine drafts notes; llm: an OpenAI-compatible chat model does, from the analysis. */
  ai_notes_provider: z.enum(['rules', 'llm']),
  /** The login screen's "Sign in with …" buttons: only providers the operator configured. */
  sign_in_providers: z.array(z.object({ id: z.enum(signInProviderIds), name: text() })),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
