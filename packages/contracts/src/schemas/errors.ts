import { z } from 'zod';

/** Stable error codes shared by server and client. */
export const errorCodes = [
  'bad_request',
  'validation_error',
  'track_untimed',
  'invalid_json',
  'body_too_large',
  'unsupported_media_type',
  'unauthenticated',
  'payment_required',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'precondition_failed',
  'rate_limited',
  'not_configured',
  'provider_unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The HTTP status of each code: one map, so a code never travels with the wrong status. */
export const errorStatus = {
  bad_request: 400,
  validation_error: 400,
  /** A track file with positions but no times: the import asks again with a take-off and a landing time (or the audio's length). */
  track_untimed: 400,
  invalid_json: 400,
  body_too_large: 413,
  unsupported_media_type: 415,
  unauthenticated: 401,
  /**
   * The organization's subscription is not active: billing, the profile and sign-out stay open
   * (docs/product.md "Billing and the payment hold").
   */
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** An unfinished upload that expired or was replaced: it takes no more bytes (tus 1.0 answers 410 for it). */
  gone: 410,
  /** A resumable upload request speaking a tus protocol version other than 1.0.0 (tus 1.0's answer). */
  precondition_failed: 412,
  rate_limited: 429,
  /**
   * A feature whose provider the operator has not set up (transcription without keys): a state of
   * this server the request cannot change, like a conflict; 5xx stays reserved for Skylog's own faults.
   */
  not_configured: 409,
  /** A provider (Stripe) that could not be reached or answered with its own fault: the gateway's status. */
  provider_unavailable: 502,
  internal_error: 500,
} as const satisfies Record<ErrorCode, number>;

/** The one error shape every API failure answers with. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  code: z.enum(errorCodes),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** A file refused whole (a logbook import): each row's problem, so it can be corrected at once. */
  rows: z.array(z.object({ row: z.number().int(), field: z.string().nullable(), message: z.string() })).optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
