import { messages, rateLimitedMessage, signInRateLimitedMessage, type ApiErrorBody, type ErrorCode } from '@skylog/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { toAuthHeaders, type Auth } from '../lib/better-auth.ts';
import { findUnstorableField } from '../lib/unstorable-field.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { deleteSessionByToken, findUserByEmail, type UserRow } from '../modules/users/users.repository.ts';

/**
 * The better-auth endpoints the web app uses. Everything else it offers (open sign-up, account
 * deletion, profile and e-mail changes) is not reachable: those go through Skylog's own routes,
 * where validation, tenancy and audit apply.
 */
const exposedAuthPaths = new Set([
  '/sign-in/email',
  '/sign-out',
  '/get-session',
  '/request-password-reset',
  '/reset-password',
  '/verify-email',
  '/send-verification-email',
  '/change-password',
]);

function parseJsonObject(text: string): { code?: string; message?: string } {
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
function toApiError(status: number, body: { code?: string; message?: string }, retryAfter: string | null): ApiErrorBody {
  let message = body.message || (status === 404 ? messages.notFound : messages.unknownError);
  const code = codeByStatus[status] ?? 'bad_request';
  if (status === 429) message = rateLimitedMessage(Number(retryAfter) || 60);
  else if (body.code === 'INVALID_EMAIL_OR_PASSWORD') message = messages.signInFailed;
  else if (body.code === 'EMAIL_NOT_VERIFIED') message = messages.emailNotVerified;
  // Changing the password: the current one was wrong; say so under its field.
  else if (body.code === 'INVALID_PASSWORD') return { status, code, message: messages.wrongPassword, fields: { currentPassword: messages.wrongPassword } };
  return { status, code, message };
}

function copyResponseHeaders(from: Headers, reply: FastifyReply): void {
  from.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** The body better-auth receives: a password change always ends the person's other sessions (decisions.md). */
function bodyFor(path: string, body: unknown): string | null {
  if (body === undefined) return null;
  if (path === '/change-password' && body && typeof body === 'object') return JSON.stringify({ ...body, revokeOtherSessions: true });
  return JSON.stringify(body);
}

export type SignInAttempt = { email: string; account: UserRow | undefined; isSuccess: boolean; status: number };

type AuthProxyOptions = {
  auth: Auth;
  db: Database;
  signInLimiter: RateLimiter;
  /** Every sign-in attempt, with the account its e-mail names (if any), for the audit log. */
  onSignIn: (request: FastifyRequest, attempt: SignInAttempt) => Promise<void>;
};

/** Mounts better-auth under /api/auth, answering in Skylog's error shape, with Skylog's sign-in limits and audit. */
export const authProxyPlugin = fp<AuthProxyOptions>(async (app: FastifyInstance, { auth, db, signInLimiter, onSignIn }) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { operation: 'auth' },
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, auth.options.baseURL);
      const path = url.pathname.slice('/api/auth'.length);
      if (!exposedAuthPaths.has(path)) {
        return reply.status(404).send({ status: 404, code: 'not_found', message: messages.notFound } satisfies ApiErrorBody);
      }
      // PostgreSQL cannot store NUL: refuse it here, as the contracts' schemas do for Skylog's own routes.
      const badField = findUnstorableField(request.body) ?? findUnstorableField(Object.fromEntries(url.searchParams));
      if (badField) {
        return reply
          .status(400)
          .send({ status: 400, code: 'validation_error', message: messages.unstorableCharacter, fields: { [badField]: messages.unstorableCharacter } } satisfies ApiErrorBody);
      }
      const isSignIn = path === '/sign-in/email';
      const signInEmail = isSignIn ? String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase() : '';
      const findAccount = () => (signInEmail ? findUserByEmail(db, signInEmail) : Promise.resolve(undefined));
      if (isSignIn) {
        const retryAfter = await signInLimiter.reserve(request.ip, signInEmail);
        if (retryAfter !== null) {
          await onSignIn(request, { email: signInEmail, account: await findAccount(), isSuccess: false, status: 429 });
          return reply
            .status(429)
            .header('retry-after', String(retryAfter))
            .send({ status: 429, code: 'rate_limited', message: signInRateLimitedMessage(retryAfter) } satisfies ApiErrorBody);
        }
      }
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: toAuthHeaders(request),
          body: request.method === 'GET' ? null : bodyFor(path, request.body),
        }),
      );
      copyResponseHeaders(response.headers, reply);
      reply.status(response.status);
      const text = await response.text();
      if (isSignIn) {
        if (response.ok) await signInLimiter.release(request.ip, signInEmail);
        const account = await findAccount();
        // A deactivated person's password still matches: end the new session at once and say why.
        if (response.ok && account && !account.isActive) {
          const token = (parseJsonObject(text) as { token?: string }).token;
          if (token) await deleteSessionByToken(db, token);
          await onSignIn(request, { email: signInEmail, account, isSuccess: false, status: 403 });
          reply.removeHeader('set-cookie');
          return reply.status(403).send({ status: 403, code: 'forbidden', message: messages.accountDeactivated } satisfies ApiErrorBody);
        }
        await onSignIn(request, { email: signInEmail, account, isSuccess: response.ok, status: response.status });
      }
      if (!response.ok) {
        reply.header('content-type', 'application/json; charset=utf-8');
        return reply.send(toApiError(response.status, parseJsonObject(text), response.headers.get('x-retry-after')));
      }
      return reply.send(text);
    },
  });
});
