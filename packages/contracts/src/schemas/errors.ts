import { z } from 'zod';

/** Stable error codes shared by server and client. */
export const errorCodes = [
  'bad_request',
  'validation_error',
  'invalid_json',
  'body_too_large',
  'unsupported_media_type',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'internal_error',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The one error shape every API failure answers with. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  code: z.enum(errorCodes),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
