import type { AiNotesDraft } from '@skylog/contracts';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { EmailSender } from '../integrations/email/index.ts';
import type { SmsSender } from '../integrations/sms/index.ts';
import type { FileStorage } from '../integrations/storage/index.ts';
import type { BillingProvider } from '../integrations/stripe/index.ts';
import type { TranscriptionProvider } from '../integrations/transcription/index.ts';
import type { JobWorker } from '../jobs/job-queue.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import type { RateLimiter } from '../plugins/rate-limiter.ts';
import type { ListTotals } from '../modules/trips/list-totals.ts';
import type { TripDetailAnswers } from '../modules/trips/detail-answers.ts';
import type { MeCache } from '../modules/users/me-cache.ts';
import type { AircraftCache } from '../modules/aircraft/aircraft-cache.ts';
import type { AnnouncedCache } from './announced-cache.ts';
import type { EncodedAnswer } from './encoded-answer.ts';
import type { Auth } from './better-auth.ts';
import type { BackgroundWork } from './background-work.ts';

/** What services need from the running app, passed explicitly (no globals). */
export type AppContext = {
  config: AppConfig;
  db: Database;
  email: EmailSender;
  /** Text messages (phone sign-in codes): a Twilio-compatible API, or the outbox folder. */
  sms: SmsSender;
  auth: Auth;
  audit: AuditService;
  /** Work the answer does not wait for (mail that would tell whether an address has an account). */
  background: BackgroundWork;
  storage: FileStorage;
  /** ffmpeg for the audio job; null when neither the system nor the npm package has one. */
  audioTools: { ffmpegPath: string | null };
  /** Wakes this instance's job worker (a no-op where JOBS_WORKER=false: another instance polls). */
  jobs: Pick<JobWorker, 'wake' | 'drain'>;
  rateLimits: { schoolRegistration: RateLimiter; passwordCheck: RateLimiter };
  /** The configured speech-to-text provider; null: transcription is not configured. */
  transcription: TranscriptionProvider | null;
  /** A chat model that words the debrief draft; null: the rules engine's draft stands. */
  notesModel: NotesModel | null;
  /** Stripe; null: billing is off and every organization counts as paid. */
  billing: BillingProvider | null;
  /** Exact totals of flight lists, kept while no flight changes (modules/trips/list-totals.ts). */
  listTotals: AnnouncedCache<ListTotals>;
  /** Organizations' first pages of the flights list as sent, kept while no flight changes (modules/trips/list-answers.ts). */
  listAnswers: AnnouncedCache<EncodedAnswer>;
  /** Flight details as last sent, by flight, version and rights; served only after the reader is authorized (modules/trips/detail-answers.ts). */
  tripDetails: TripDetailAnswers;
  /** What GET /api/me reads per person, kept while nothing it shows changes (modules/users/me-cache.ts). */
  me: MeCache;
  /** Recently read aircraft, kept while none changes (modules/aircraft/aircraft-cache.ts). */
  aircraft: AircraftCache;
};

/** Throws an error with a person-readable `statusText` when it cannot give a valid draft. */
export type NotesModel = { draft(input: { system: string; summary: string; signal?: AbortSignal }): Promise<AiNotesDraft> };
