/** Every number of the product, named once (docs/product.md "Messages and limits"): the earlier product's, then Skylog's own. */
export const limits = {
  tripsPageSize: 10,
  persistTimeoutMs: 5000,
  clientStorageName: 'keyvaluepairs',
  clientStorageSize: 4980736,
  persistedStateKey: 'root',
  toastAutoCloseMs: 3000,
  logoutRetries: 3,
  logoutRetryDelayMs: 1000,
  sidebarWidthPx: 240,
  sidebarBreakpointPx: 1024,
  orgSwitchNoticeMs: 700,
  suspiciousDenials: 5,
  suspiciousWindowMs: 300000,
  modalCloseDelayMs: 300,
  modalMaxHeightVh: 90,
  avatarDefaultSize: 32,
  avatarColourPairs: 20,
  avatarShapes: 60,
  tooltipOffsetPx: 10,
  tooltipMaxWidthPx: 200,
  tooltipFadeMs: 200,
  // Decided here
  /** A marker on the flight map answers clicks over this square (WCAG 2.5.8's minimum target), around its smaller dot. */
  mapMarkerTargetPx: 24,
  /** Rows one training-record CSV may hold (a flight and a student aboard each); more asks for fewer days. */
  trainingExportMaxRows: 100_000,
  /** A logbook entry's hours and counts: one entry is one flight or session (docs/product.md "Logbook"). */
  logbookMaxHoursPerEntry: 24,
  logbookMaxCountPerEntry: 999,
  logbookMaxRoutePoints: 30,
  logbookRemarksMaxLength: 2000,
  logbookPageSize: 25,
  /** A logbook CSV to import (UTF-8 text): about 20,000 flights of ForeFlight's layout. */
  logbookImportMaxBytes: 8 * 1_048_576,
  /** Entries one person's logbook may hold; an import that would pass it is refused whole. */
  logbookMaxEntries: 50_000,
  /** A course's size (docs/product.md "Lessons and grading"): a Part 141 syllabus has a few stages of some dozen lessons. */
  courseStagesMax: 12,
  courseLessonsPerStageMax: 60,
  courseItemsPerLessonMax: 60,
  /** A course file to import (JSON or CSV text). */
  courseImportMaxBytes: 512 * 1024,
  jsonBodyLimitBytes: 1_048_576,
  passwordMinLength: 10,
  passwordMaxLength: 128,
  nameMaxLength: 200,
  emailMaxLength: 254,
  textFieldMaxLength: 200,
  /** The longest file name a client may send (uploads, imports); it is kept reduced to its safe base name. */
  fileNameMaxLength: 255,
  /**
   * Failed sign-ins per window: for one account from one address, and from one address in all (a school behind one
   * router). Attempts the account's limit refuses are not counted against the address, so one person's typing
   * never locks out their classmates.
   */
  signInAttemptsPerWindow: 5,
  signInAttemptsPerAddress: 60,
  signInWindowSeconds: 60,
  /** Failed uses of password-reset links (unknown, used or expired tokens) from one address per window; a success is not counted. */
  passwordResetAttemptsPerWindow: 10,
  passwordResetWindowSeconds: 900,
  /** Wrong second-step codes in a row (any challenge) before the account must wait; and how long. */
  twoFactorMaxFailures: 5,
  twoFactorLockMinutes: 5,
  /** One-time recovery codes given with an authenticator app; a new set replaces the old. */
  recoveryCodeCount: 10,
  /** RFC 6238: 30-second steps, six digits; a code one step early or late is still taken. */
  totpPeriodSeconds: 30,
  totpDigits: 6,
  /** A code sent by text message (a phone factor) lasts this long; a phone gets at most so many codes per window. */
  phoneCodeLifetimeMinutes: 5,
  phoneCodesPerWindow: 5,
  phoneCodeWindowMinutes: 15,
  /**
   * Public answers that must not tell whether an e-mail address has an account (school registration, asking for a
   * password reset) take at least this long, whichever it is; better-auth holds the same floor when asked for a
   * confirmation mail.
   */
  accountAnswerFloorMs: 500,
  /** Public school registrations from one address per hour (each creates an organization). */
  schoolRegistrationsPerHour: 5,
  invitationLifetimeDays: 7,
  emailChangeLifetimeHours: 24,
  sessionLifetimeSeconds: 60 * 60 * 24 * 7,
  sessionRefreshAgeSeconds: 60 * 60 * 24,
  /** How fresh a session's "last active" is (Account security): written at most this often per session. */
  sessionLastSeenEverySeconds: 300,
  /** Sessions each instance keeps in memory (the oldest is forgotten first) and for how long at most; changes end them at once. */
  sessionCacheEntries: 10_000,
  sessionCacheMaxAgeSeconds: 60,
  /** What GET /api/me answers, per person, each instance keeps (forgotten at any change of what it shows) and for how long at most. */
  meCacheEntries: 10_000,
  meCacheMaxAgeSeconds: 60,
  /** Aircraft each instance keeps for GET /api/aircraft/{id} (forgotten at any change of one) and for how long at most. */
  aircraftCacheEntries: 10_000,
  aircraftCacheMaxAgeSeconds: 60,
  /** Answers smaller than this are sent uncompressed. */
  compressMinBytes: 1024,
  /** Exact totals of flight lists each instance keeps (forgotten at any change of a flight) and for how long at most. */
  listTotalsCacheEntries: 1000,
  listTotalsCacheMaxAgeSeconds: 60,
  /**
   * Flight details each instance keeps serialized and compressed (per flight, version and reader's rights), and the
   * bytes they may hold together; the least recently sent goes first. A changed flight is another version, never served.
   */
  /** First pages of organizations' flights lists each instance keeps as sent (forgotten at any change of a flight) and for how long at most. */
  listAnswersCacheEntries: 1000,
  listAnswersCacheMaxAgeSeconds: 60,
  tripDetailCacheEntries: 2000,
  tripDetailCacheBytes: 64 * 1024 * 1024,
  markerNoteMaxLength: 2000,
  debriefMaxLength: 10000,
  /** A recorder cable bought with the plan, in the plan's currency (major units, two decimals at most). */
  cablePriceMax: 5000,
  couponMaxLength: 64,
  /** Stripe's products and prices change rarely: each instance keeps the catalogue this long. */
  billingCatalogueCacheSeconds: 60,
  /**
   * How long a school keeps working after a renewal payment failed (Stripe's `past_due`, counted from the first time
   * Skylog reads it): Stripe's own retries of the card run inside this, and a school whose Stripe settings leave a
   * subscription past due for ever still stops being served once it ends.
   */
  billingGraceDays: 14,
  /** Recorder cables (a one-off price) bought in one checkout. */
  oneOffQuantityMax: 50,
  /** Stripe's own tolerance for a webhook's signed timestamp, held both ways (older, or ahead of now). */
  stripeWebhookToleranceSeconds: 300,
  /** A day at 1 Hz, with room to spare. */
  trackMaxPoints: 200_000,
  /** Fewer fixes than this are no flight to analyse (speed, course and a climb each need a slope over three). */
  trackMinPoints: 3,
  /**
   * No aircraft a school flies goes faster over the ground; a fix that would need more is a GPS jump, and a
   * recorded speed above it a field read at the wrong scale. No stored track, chart or landing holds a faster speed.
   */
  trackMaxGroundSpeedKt: 600,
  /** A recorder's JSON trip: room for trackMaxPoints fixes with every field. */
  tripJsonBodyLimitBytes: 48 * 1_048_576,
  markersMaxPerTrip: 2000,
  /** People the share dialog lists at once (narrowed by search). */
  shareCandidatesMax: 100,
  /** Points of the map overview the server simplifies a track to. */
  trackOverviewMaxPoints: 1500,
  /** Waveform peaks per second of audio, capped so a long flight stays light. */
  peaksPerSecond: 20,
  peaksMax: 20_000,
  /** Unfinished audio uploads one person may have open, and one trip. */
  openUploadsPerPerson: 3,
  openUploadsPerTrip: 2,
  /** An unfinished upload nobody has sent a byte to for this long expires (its bytes are removed). */
  uploadIdleExpiryHours: 24,
  /** PATCHes one upload may take: each is stored as one piece (the web app's 8 MB pieces make 256 for 2 GB). */
  uploadPiecesMax: 10_000,
  /**
   * A recording sent in takes (the phone recorder opens the microphone again after a reload): at most this many, each
   * starting at most this long after the flight's start; the server joins them on one timeline.
   */
  audioTakesMax: 50,
  audioTakeOffsetMaxMs: 24 * 3600 * 1000,
  /** Size of one PATCH of a resumable audio upload sent by the web app. */
  uploadChunkBytes: 8 * 1024 * 1024,
  /** Deepgram numbers speakers from 0; a cockpit recording has a handful, so higher numbers are refused. */
  speakerNumberMax: 99,
  speakerLabelMaxLength: 60,
  /** Flights whose playback position the browser remembers (the most recently played). */
  playbackPositionsKept: 50,
  /**
   * The phone recorder (docs/product.md "Recording on a phone"): a recording shorter than this, or without a single
   * GPS fix, is no flight worth sending unasked, so the recorder asks first.
   */
  recorderMinSeconds: 30,
  /** The recorder stores its audio in pieces this long: a crash or a reload loses at most about this much. */
  recorderAudioSliceMs: 2000,
  /** GPS fixes the recorder keeps in memory before it writes them down (and at most this many seconds apart). */
  recorderPositionBatch: 5,
  recorderPositionFlushMs: 5000,
  /** Free browser storage under this warns before a flight: about 90 minutes of the browser's compressed audio. */
  recorderLowStorageBytes: 200 * 1_048_576,
  /**
   * A headset or remote button may reach the page twice for one press, as a key and as a media-session action: the
   * second, for the same marker within this many ms, is the same press and drops no second marker.
   */
  recorderKeyEchoMs: 400,
} as const;

export const units = {
  feetPerMetre: 3.28084,
  knotsPerMetrePerSecond: 1.94384,
} as const;

export const programs = ['141', '61'] as const;
export type Program = (typeof programs)[number];
export const defaultProgram: Program = '141';
export const defaultPhoneCountry = 'US';
