import { messages, rateLimitedMessage, type ApiErrorBody, type ErrorCode } from '@skylog/contracts';
import type { FastifyReply } from 'fastify';
import { hashRecoveryCode } from '../lib/better-auth.ts';
import { twoFactorErrorOf, type SecondStepFactor } from '../modules/account-security/second-factor.ts';

// What travels between Fastify and better-auth in plugins/auth-proxy.ts: the bodies better-auth receives,
// and its answers in Skylog's one error shape.

export function parseJsonObject(text: string): { code?: string; message?: string } {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as { code?: string; message?: string }) : {};
  } catch {
    return {};
  }
}

const codeByStatus: Record<number, ErrorCode> = {
  400: 'validation_error',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'validation_error',
  429: 'rate_limited',
};

/** better-auth's errors answered in Skylog's one error shape, with our wording for sign-in. */
export function toApiError(status: number, body: { code?: string; message?: string }, retryAfter: string | null, factor: SecondStepFactor = 'totp'): ApiErrorBody {
  let message = body.message || (status === 404 ? messages.notFound : messages.unknownError);
  const code = codeByStatus[status] ?? 'bad_request';
  if (status === 429) message = rateLimitedMessage(Number(retryAfter) || 60);
  else if (body.code === 'INVALID_EMAIL_OR_PASSWORD') message = messages.signInFailed;
  else if (body.code === 'EMAIL_NOT_VERIFIED') message = messages.emailNotVerified;
  // Changing the password: the current one was wrong; say so under its field.
  else if (body.code === 'INVALID_PASSWORD') return { status, code, message: messages.wrongPassword, fields: { currentPassword: messages.wrongPassword } };
  const secondStepError = twoFactorErrorOf(body.code, factor);
  if (secondStepError) return { status: secondStepError.status, code: secondStepError.code, message: secondStepError.message, ...(secondStepError.fields ? { fields: secondStepError.fields } : {}) };
  return { status, code, message };
}

export function copyResponseHeaders(from: Headers, reply: FastifyReply): void {
  from.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/**
 * The body better-auth receives: a password change always ends the person's other sessions
 * (docs/product.md "Sign-in e-mail and password"); a recovery code is compared as the hash that is stored; no step
 * trusts the device (each sign-in asks).
 */
export function bodyFor(path: string, body: unknown): string | null {
  if (body === undefined) return null;
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (path === '/change-password') return JSON.stringify({ ...fields, revokeOtherSessions: true });
  if (path === '/two-factor/verify-backup-code') return JSON.stringify({ code: hashRecoveryCode(String(fields.code ?? '')) });
  if (path === '/two-factor/verify-totp' || path === '/two-factor/verify-otp') return JSON.stringify({ code: String(fields.code ?? '') });
  if (path === '/two-factor/send-otp') return '{}';
  return JSON.stringify(body);
}

export const isRedirect = (status: number) => status >= 300 && status < 400;
