import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SignInProviderId } from '@skylog/contracts';
import type { TwilioSettings } from '../integrations/sms/twilio-sender.ts';
import type { S3Settings } from '../integrations/storage/s3-storage.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url({ error: 'must be a full URL such as https://skylog.example.com' }).optional(),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_MIGRATION_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SKYLOG_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Skylog <no-reply@skylog.local>'),
  // Text messages (phone sign-in codes) through Twilio's Messages API or a service that speaks it.
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, 'must be the sending phone number in E.164 (+15551234567) or a Messaging Service SID (MG…)')
    .optional(),
  SMS_API_URL: z.url({ error: 'must be the base URL of a Twilio-compatible API, such as https://api.twilio.com' }).default('https://api.twilio.com'),
  SKYLOG_SEED: z.enum(['demo', 'none'], { error: 'must be demo or none' }).default('demo'),
  SKYLOG_DEMO_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  /** Tests and scripted demos: the demo super admin's authenticator key (base32), so no one has to scan a QR code. */
  SKYLOG_DEMO_AUTHENTICATOR_KEY: z
    .string()
    .regex(/^[A-Z2-7]{16,64}$/, 'must be 16 to 64 base32 characters (A-Z, 2-7)')
    .optional(),
  // Sign-in with another account: each provider is on when its client id and secret are set.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_TENANT_ID: z
    .string()
    .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, "must be your Microsoft Entra directory's tenant id (a GUID)")
    .optional(),
  OIDC_ISSUER_URL: z.url({ error: 'must be the issuer URL of an OpenID Connect provider, such as https://id.example.com' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).default('single sign-on'),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  STORAGE_DIR: z.string().min(1).optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/]+\/?$/, 'must be the URL of an S3-compatible service, such as http://minio:9000')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3–63 lower-case letters, digits, dots and hyphens')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  AUDIO_UPLOAD_MAX_MB: z.coerce.number({ error: 'must be a number of megabytes' }).int().min(1).max(20_000).default(2048),
  TRACK_FILE_MAX_MB: z.coerce.number({ error: 'must be a number of megabytes' }).int().min(1).max(500).default(50),
  FFMPEG_PATH: z.string().min(1).optional(),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be a tile URL template with {z}, {x} and {y}')
    .optional(),
  MAP_ATTRIBUTION: z.string().max(300).optional(),
  JOBS_WORKER: booleanFlag.default(true),
  DEEPGRAM_API_KEY: z.string().min(1).optional(),
  DEEPGRAM_BASE_URL: z.url({ error: 'must be a URL such as https://api.deepgram.com' }).optional(),
  WHISPER_BASE_URL: z.url({ error: 'must be the base URL of an OpenAI-compatible API, such as http://whisper:8000/v1' }).optional(),
  WHISPER_API_KEY: z.string().min(1).optional(),
  WHISPER_MODEL: z.string().min(1).default('whisper-1'),
  TRANSCRIPTION_TIMEOUT_MINUTES: z.coerce.number({ error: 'must be a number of minutes' }).min(1).max(240).default(30),
  LLM_BASE_URL: z.url({ error: 'must be the base URL of an OpenAI-compatible API, such as https://api.openai.com/v1' }).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).min(5).max(600).default(90),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret or restricted key (sk_… or rk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\S+$/, 'must be the webhook signing secret (whsec_…)').optional(),
  STRIPE_API_URL: z.url({ error: 'must be the base URL of a Stripe-compatible API, such as http://127.0.0.1:12111' }).optional(),
});

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  /** Origins allowed to post to the auth endpoints (CSRF protection). */
  trustedOrigins: string[];
  databaseUrl: string | undefined;
  /** Migrations run as this role (the tables' owner); DATABASE_URL's role then owns nothing. */
  databaseMigrationUrl: string | undefined;
  dataDir: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unset: codes go to DATA_DIR/outbox/sms (integrations/sms). */
  sms: TwilioSettings | undefined;
  seed: 'demo' | 'none';
  demoPassword: string | undefined;
  demoAuthenticatorKey: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string | undefined;
  /** Local folder for uploaded files (audio) when they are not in a bucket; under DATA_DIR unless set. */
  storageDir: string;
  /** STORAGE=s3: files (and unfinished uploads' pieces) in this bucket, shared by every instance. */
  s3: S3Settings | undefined;
  audioUploadMaxBytes: number;
  trackFileMaxBytes: number;
  ffmpegPath: string | undefined;
  mapTileUrl: string | undefined;
  mapAttribution: string | undefined;
  /** Whether this instance runs background jobs (audio processing); off for API-only instances. */
  isJobsWorker: boolean;
  /** Deepgram when its key is set, else an OpenAI-compatible Whisper server when its URL is set, else none. */
  transcription: {
    deepgram: { apiKey: string; baseUrl: string | undefined } | undefined;
    whisper: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
    timeoutMs: number;
  };
  /** An OpenAI-compatible chat API that drafts debrief notes; without it the rules engine's draft stands. */
  llm: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  /** The sign-in providers whose client id and secret are set, in the order the login screen shows them. */
  signInProviders: SignInProviderConfig[];
  /** Stripe billing; undefined: billing is off and every organization counts as paid (docs/product.md "Billing and the payment hold"). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
};

/** An OpenID Connect provider Skylog signs people in with (its discovery document names the rest). */
export type SignInProviderConfig = {
  id: SignInProviderId;
  name: string;
  clientId: string;
  clientSecret: string;
  /** The OpenID Connect issuer's discovery document (Google, a generic issuer). */
  discoveryUrl?: string;
  /** Microsoft Entra: the school's own directory. */
  tenantId?: string;
};

export class ConfigError extends Error {}

/** Each provider needs its client id and secret together; the generic one its issuer too. */
function signInProvidersOf(values: z.infer<typeof envSchema>): SignInProviderConfig[] {
  const pairs: Array<[string, string | undefined, string | undefined]> = [
    ['GOOGLE', values.GOOGLE_CLIENT_ID, values.GOOGLE_CLIENT_SECRET],
    ['MICROSOFT', values.MICROSOFT_CLIENT_ID, values.MICROSOFT_CLIENT_SECRET],
    ['OIDC', values.OIDC_CLIENT_ID, values.OIDC_CLIENT_SECRET],
  ];
  for (const [prefix, id, secret] of pairs) {
    if (Boolean(id) !== Boolean(secret)) throw new ConfigError(`Invalid configuration:\n  ${prefix}_CLIENT_SECRET: ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
  }
  if (Boolean(values.OIDC_CLIENT_ID) !== Boolean(values.OIDC_ISSUER_URL)) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER_URL: OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  }
  const providers: SignInProviderConfig[] = [];
  if (values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET) {
    providers.push({ id: 'google', name: 'Google', discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration', clientId: values.GOOGLE_CLIENT_ID, clientSecret: values.GOOGLE_CLIENT_SECRET });
  }
  if (values.MICROSOFT_CLIENT_ID && values.MICROSOFT_CLIENT_SECRET) {
    if (!values.MICROSOFT_TENANT_ID) throw new ConfigError('Invalid configuration:\n  MICROSOFT_TENANT_ID: required with MICROSOFT_CLIENT_ID (your directory, not "common")');
    providers.push({ id: 'microsoft', name: 'Microsoft', tenantId: values.MICROSOFT_TENANT_ID, clientId: values.MICROSOFT_CLIENT_ID, clientSecret: values.MICROSOFT_CLIENT_SECRET });
  }
  if (values.OIDC_ISSUER_URL && values.OIDC_CLIENT_ID && values.OIDC_CLIENT_SECRET) {
    providers.push({
      id: 'oidc',
      name: values.OIDC_NAME,
      discoveryUrl: `${values.OIDC_ISSUER_URL.replace(/\/$/, '')}/.well-known/openid-configuration`,
      clientId: values.OIDC_CLIENT_ID,
      clientSecret: values.OIDC_CLIENT_SECRET,
    });
  }
  return providers;
}

/** Reads and validates the environment once; the only place that touches process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (Boolean(values.ADMIN_EMAIL) !== Boolean(values.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (values.DATABASE_MIGRATION_URL && !values.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_MIGRATION_URL: needs DATABASE_URL (the role the app runs as)');
  }
  if (Boolean(values.STRIPE_SECRET_KEY) !== Boolean(values.STRIPE_WEBHOOK_SECRET)) {
    // Without the webhook secret Skylog would never learn of a payment: half a configuration is refused.
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  }
  const smsSettings = [values.SMS_ACCOUNT_SID, values.SMS_AUTH_TOKEN, values.SMS_FROM];
  if (smsSettings.some(Boolean) && !smsSettings.every(Boolean)) {
    // Half a configuration would send nothing while people wait for a code: refused at start.
    throw new ConfigError('Invalid configuration:\n  SMS_FROM: SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM must be set together');
  }
  if (values.STORAGE === 's3' && !values.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (values.NODE_ENV === 'production' && !values.SKYLOG_AUTH_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SKYLOG_AUTH_SECRET: required when NODE_ENV=production');
  }
  const dataDir = path.resolve(values.DATA_DIR);
  const appUrl = (values.APP_URL ?? `http://${displayHost(values.HOST)}:${values.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    appUrl,
    // Without APP_URL a local install is reached as localhost or 127.0.0.1 alike.
    trustedOrigins: values.APP_URL
      ? [appUrl]
      : [appUrl, ...['localhost', '127.0.0.1', '[::1]'].map((name) => `http://${name}:${values.PORT}`)].filter(
          (origin, index, all) => all.indexOf(origin) === index,
        ),
    databaseUrl: values.DATABASE_URL,
    databaseMigrationUrl: values.DATABASE_MIGRATION_URL,
    dataDir,
    authSecret: values.SKYLOG_AUTH_SECRET ?? readOrCreateLocalSecret(dataDir),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    sms:
      values.SMS_ACCOUNT_SID && values.SMS_AUTH_TOKEN && values.SMS_FROM
        ? { accountSid: values.SMS_ACCOUNT_SID, authToken: values.SMS_AUTH_TOKEN, from: values.SMS_FROM, apiUrl: values.SMS_API_URL }
        : undefined,
    seed: values.SKYLOG_SEED,
    demoPassword: values.SKYLOG_DEMO_PASSWORD,
    demoAuthenticatorKey: values.SKYLOG_DEMO_AUTHENTICATOR_KEY,
    signInProviders: signInProvidersOf(values),
    adminEmail: values.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    webDistDir: values.WEB_DIST_DIR,
    storageDir: path.resolve(values.STORAGE_DIR ?? path.join(dataDir, 'files')),
    s3:
      values.STORAGE === 's3' && values.S3_BUCKET
        ? {
            endpoint: values.S3_ENDPOINT,
            bucket: values.S3_BUCKET,
            region: values.S3_REGION,
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    audioUploadMaxBytes: values.AUDIO_UPLOAD_MAX_MB * 1048576,
    trackFileMaxBytes: values.TRACK_FILE_MAX_MB * 1048576,
    ffmpegPath: values.FFMPEG_PATH,
    mapTileUrl: values.MAP_TILE_URL,
    mapAttribution: values.MAP_ATTRIBUTION,
    isJobsWorker: values.JOBS_WORKER,
    transcription: {
      deepgram: values.DEEPGRAM_API_KEY ? { apiKey: values.DEEPGRAM_API_KEY, baseUrl: values.DEEPGRAM_BASE_URL } : undefined,
      whisper: values.WHISPER_BASE_URL ? { baseUrl: values.WHISPER_BASE_URL, apiKey: values.WHISPER_API_KEY, model: values.WHISPER_MODEL } : undefined,
      timeoutMs: values.TRANSCRIPTION_TIMEOUT_MINUTES * 60_000,
    },
    llm: values.LLM_BASE_URL
      ? { baseUrl: values.LLM_BASE_URL, apiKey: values.LLM_API_KEY, model: values.LLM_MODEL, timeoutMs: values.LLM_TIMEOUT_SECONDS * 1000 }
      : undefined,
    stripe:
      values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET
        ? { secretKey: values.STRIPE_SECRET_KEY, webhookSecret: values.STRIPE_WEBHOOK_SECRET, apiUrl: values.STRIPE_API_URL }
        : undefined,
  };
}

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

/**
 * Outside production a missing SKYLOG_AUTH_SECRET is generated once and kept beside the embedded
 * database, so sessions survive restarts of a local install without any set-up.
 */
function readOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
