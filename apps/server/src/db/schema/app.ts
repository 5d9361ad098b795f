import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { aircraftCategories, type AircraftCategory } from '@skylog/contracts';
import type { AiNotesDraft, AudioTake, AiNotesSource, AiStatus, ChosenPlan, Coords, FlightAnalysis, Marker, TeachableMoment, TrackPoint, TranscriptJson, Utterance } from '@skylog/contracts';
import { authUser } from './auth.ts';

/** raw_trips: the recorder's points and markers, manual markers included (docs/product.md "Markers"). */
export type RawTrip = { points: TrackPoint[]; markers: Marker[] };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const orgs = pgTable('orgs', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The organization's administrators must sign in with an authenticator app. */
  requireAdminTwoFactor: boolean('require_admin_two_factor').notNull().default(false),
  /** The plan chosen when the school registered, offered first until the organization pays (then forgotten). */
  chosenPlan: jsonb('chosen_plan').$type<ChosenPlan>(),
  createdAt: createdAt(),
});

export const subOrgs = pgTable(
  'sub_orgs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (table) => [index('sub_orgs_org_idx').on(table.orgId)],
);

export const users = pgTable(
  'users',
  {
    skylogId: uuid('skylog_id').primaryKey().defaultRandom(),
    authId: text('auth_id')
      .unique()
      .references(() => authUser.id, { onDelete: 'set null' }),
    name: text('name'),
    email: text('email').notNull(),
    phone: text('phone'),
    program: text('program'),
    licenseNumber: text('license_number'),
    international: boolean('international').notNull().default(false),
    fulltime: boolean('fulltime').notNull().default(false),
    certifications: text('certifications').array().notNull().default(sql`'{}'::text[]`),
    userType: text('user_type').notNull(),
    orgId: uuid('org_id').references(() => orgs.id, { onDelete: 'set null' }),
    subOrgId: uuid('sub_org_id').references(() => subOrgs.id, { onDelete: 'set null' }),
    cableCollections: boolean('cable_collections').notNull().default(false),
    cableCollectedAt: timestamp('cable_collected_at', { withTimezone: true }),
    cableCollectedBy: uuid('cable_collected_by').references((): AnyPgColumn => users.skylogId, { onDelete: 'set null' }),
    /** Deactivated people cannot sign in; their history stays. */
    isActive: boolean('is_active').notNull().default(true),
    isPaid: boolean('is_paid').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(sql`lower(${table.email})`),
    index('users_org_idx').on(table.orgId),
    index('users_sub_org_idx').on(table.subOrgId),
    check(
      'users_user_type_check',
      sql`${table.userType} in ('super_admin','admin','org_admin','admin_secondary','sub_org_admin','sub_org_admin_secondary','instructor','student')`,
    ),
    check('users_program_check', sql`${table.program} is null or ${table.program} in ('141','61')`),
  ],
);

export const studentInstructor = pgTable(
  'student_instructor',
  {
    instructor: uuid('instructor')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
    student: uuid('student')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.instructor, table.student] }), index('student_instructor_student_idx').on(table.student)],
);

export const aircraft = pgTable(
  'aircraft',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    tailNumber: text('tail_number').notNull(),
    callSign: text('call_sign'),
    type: text('type'),
    // Null until someone says which: the analysis then uses airplane rules and says so.
    category: text('category').$type<AircraftCategory>(),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('aircraft_org_tail_idx').on(table.orgId, table.tailNumber),
    check('aircraft_category_check', sql.raw(`category is null or category in (${aircraftCategories.map((category) => `'${category}'`).join(',')})`)),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    userType: text('user_type').notNull(),
    orgId: uuid('org_id').references(() => orgs.id, { onDelete: 'cascade' }),
    subOrgId: uuid('sub_org_id').references(() => subOrgs.id, { onDelete: 'set null' }),
    invitedBy: uuid('invited_by').references(() => users.skylogId, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('invitations_email_idx').on(sql`lower(${table.email})`)],
);

/** Append-only: a trigger in the migrations refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    userRole: text('user_role'),
    orgId: uuid('org_id'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    status: text('status').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
  },
  (table) => [
    index('audit_log_user_time_idx').on(table.userId, table.timestamp),
    index('audit_log_org_time_idx').on(table.orgId, table.timestamp),
    check('audit_log_status_check', sql`${table.status} in ('denied','success','failure')`),
  ],
);

export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    userId: uuid('user_id'),
    orgId: uuid('org_id'),
    kind: text('kind').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by'),
  },
  (table) => [index('alerts_org_time_idx').on(table.orgId, table.createdAt), index('alerts_user_time_idx').on(table.userId, table.createdAt)],
);

/** An organization's own label and colour for a rocker key; keys without a row use the defaults. */
export const orgMarkerCategories = pgTable(
  'org_marker_categories',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    key: integer('key').notNull(),
    text: text('text').notNull(),
    color: text('color').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orgId, table.key] }),
    check('org_marker_categories_key_check', sql`${table.key} between 1 and 4`),
    check('org_marker_categories_color_check', sql`${table.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/**
 * A flight (docs/product.md "The flight review"). raw_trips holds the recorder's points and markers (manual markers
 * kept in step with it); the list never reads it, so it stays off the hot path.
 */
export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    subOrgId: uuid('sub_org_id').references(() => subOrgs.id, { onDelete: 'set null' }),
    /** The owner (spec: {product}_id): who recorded or uploaded the flight. */
    skylogId: uuid('skylog_id').references(() => users.skylogId, { onDelete: 'set null' }),
    tripName: text('trip_name').notNull(),
    distanceNm: doublePrecision('distance_nm'),
    aircraftId: uuid('aircraft_id').references(() => aircraft.id, { onDelete: 'set null' }),
    leftSeat: uuid('left_seat').references(() => users.skylogId, { onDelete: 'set null' }),
    rightSeat: uuid('right_seat').references(() => users.skylogId, { onDelete: 'set null' }),
    origin: text('origin'),
    destination: text('destination'),
    beginTime: timestamp('begin_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    /** Derived by the database so the list sorts and sums flight time without computing it per row. */
    durationMs: bigint('duration_ms', { mode: 'number' }).generatedAlwaysAs(sql`(extract(epoch from (end_time - begin_time)) * 1000)::bigint`),
    isDebriefed: boolean('is_debriefed')
      .notNull()
      .generatedAlwaysAs(sql`(coalesce(trip_well, '') <> '' or coalesce(trip_improve, '') <> '')`),
    rawTrips: jsonb('raw_trips').$type<RawTrip>().notNull().default({ points: [], markers: [] }),
    /**
     * raw_trips' markers kept apart by the database: the flight's detail reads them on every open, and
     * reading them out of raw_trips decompresses the whole recorded track (megabytes on a long flight).
     */
    markers: jsonb('markers')
      .$type<Marker[]>()
      .notNull()
      .generatedAlwaysAs(sql`coalesce(raw_trips->'markers', '[]'::jsonb)`),
    pointCount: integer('point_count').notNull().default(0),
    /** The track came without times: its points were spread evenly between the take-off and landing given at import. */
    timesEstimated: boolean('times_estimated').notNull().default(false),
    markerCount: integer('marker_count').notNull().default(0),
    trackOverview: jsonb('track_overview').$type<[number, number][]>().notNull().default([]),
    transcriptJson: jsonb('transcript_json').$type<TranscriptJson>(),
    transcriptInProgress: boolean('transcript_in_progress').notNull().default(false),
    /** The running transcription's start, for the screen's elapsed time. */
    transcriptStartedAt: timestamp('transcript_started_at', { withTimezone: true }),
    /** The last failed transcription's message ("Failed to generate transcript: …"); cleared by the next request. */
    transcriptError: text('transcript_error'),
    customMarker: text('custom_marker'),
    tripWell: text('trip_well'),
    tripImprove: text('trip_improve'),
    aiTripWell: text('ai_trip_well'),
    aiTripImprove: text('ai_trip_improve'),
    aiStatus: text('ai_status').$type<AiStatus>(),
    aiTeachableMoments: jsonb('ai_teachable_moments').$type<TeachableMoment[]>(),
    /** Why the last draft failed or fell back to the rules, in words a person understands. */
    aiError: text('ai_error'),
    aiSource: text('ai_source').$type<AiNotesSource>(),
    /** The drafted points with the moment each refers to (ai_trip_well / ai_trip_improve are their text). */
    aiDraft: jsonb('ai_draft').$type<AiNotesDraft>(),
    /** Phases, landings, findings: recomputed by the trip.analyse job whenever the track, markers or transcript change. */
    flightAnalysis: jsonb('flight_analysis').$type<FlightAnalysis>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('trips_org_begin_idx').on(table.orgId, table.beginTime.desc()),
    index('trips_org_duration_idx').on(table.orgId, table.durationMs),
    index('trips_owner_idx').on(table.skylogId),
    index('trips_left_seat_idx').on(table.leftSeat),
    index('trips_right_seat_idx').on(table.rightSeat),
    index('trips_aircraft_idx').on(table.aircraftId),
    index('trips_sub_org_idx').on(table.subOrgId),
  ],
);

/**
 * A transcription: a flight's transcript as sentences, with the AI notes drafted from it. One per trip (a trip has one
 * current audio), written with the transcript.
 */
export const transcriptions = pgTable(
  'transcriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The trip whose audio it transcribes (spec: audio_log_id). */
    tripId: uuid('trip_id')
      .notNull()
      .unique()
      .references(() => trips.id, { onDelete: 'cascade' }),
    sentences: jsonb('sentences').$type<Utterance[]>().notNull(),
    aiNotes: text('ai_notes'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/** Whom each flight is shared with (the API's shared_with), as rows so "shared with me" is an index lookup. */
export const tripShares = pgTable(
  'trip_shares',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tripId, table.userId] }), index('trip_shares_user_idx').on(table.userId)],
);

export const manualMarkers = pgTable(
  'manual_markers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    markerId: integer('marker_id').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true, precision: 3 }).notNull(),
    coords: jsonb('coords').$type<Coords>().notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.skylogId, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('manual_markers_trip_idx').on(table.tripId), check('manual_markers_key_check', sql`${table.markerId} between 1 and 4`)],
);

/** The trip's current, processed audio. Replaced only when a new upload has been processed. */
export const tripAudio = pgTable('trip_audio', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id, { onDelete: 'cascade' }),
  originalKey: text('original_key').notNull(),
  playableKey: text('playable_key').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  durationMs: integer('duration_ms').notNull(),
  peaks: jsonb('peaks').$type<number[]>().notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A resumable audio upload: bytes land in storage under a temporary key until complete. */
export const audioUploads = pgTable(
  'audio_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.skylogId, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Bytes received and stored: the sum of the pieces' sizes. */
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    /** Storage keys of the stored pieces, in order (each PATCH stores one; any instance may take the next). */
    pieces: jsonb('pieces').$type<string[]>().notNull().default([]),
    /** A recording sent in takes: where each take starts on the flight's timeline and its size; null for one file. */
    takes: jsonb('takes').$type<AudioTake[]>(),
    status: text('status').$type<'receiving' | 'processing' | 'done' | 'failed'>().notNull().default('receiving'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audio_uploads_trip_idx').on(table.tripId, table.createdAt),
    check('audio_uploads_status_check', sql`${table.status} in ('receiving','processing','done','failed')`),
  ],
);

/** A small Postgres-backed job queue (FOR UPDATE SKIP LOCKED), shared by every instance. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** When the current attempt was claimed. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** The worker running it (host, pid, random id), so only that worker renews or finishes it. */
    lockedBy: text('locked_by'),
    /** The holder's lease, renewed by its heartbeat; once past, the holder is taken for dead. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_queued_idx').on(table.status, table.runAfter),
    check('jobs_status_check', sql`${table.status} in ('queued','running','done','failed')`),
  ],
);

/** Personal access tokens for the recorder app; only a SHA-256 of the token is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('api_tokens_user_idx').on(table.userId)],
);

/**
 * The Stripe customer that pays for an organization, and the subscription state last read from Stripe
 * (ARCHITECTURE.md "Billing"). `synced_at` is when that state was read: an older read never overwrites a newer one.
 */
export const billingAccounts = pgTable('billing_accounts', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  subscriptionId: text('subscription_id'),
  subscriptionStatus: text('subscription_status'),
  priceId: text('price_id'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  isPaid: boolean('is_paid').notNull().default(false),
  /** When Skylog first read the subscription as past_due: the grace period (limits.billingGraceDays) runs from here. */
  pastDueSince: timestamp('past_due_since', { withTimezone: true }),
  syncedAt: timestamp('synced_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Every Stripe webhook event applied, by its id: a replay finds its row and has no second effect. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The event's own `created` (Stripe's clock). */
  createdAtStripe: timestamp('created_at_stripe', { withTimezone: true }).notNull(),
  orgId: uuid('org_id').references(() => orgs.id, { onDelete: 'set null' }),
  /** applied | ignored: what Skylog did with it (an unknown customer is ignored, not retried forever). */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
