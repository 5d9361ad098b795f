import { accountMessages, limits, messages, rateLimitedMessage, signInRateLimitedMessage, type ApiErrorBody } from '@skylog/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { withAnswerFloor } from '../lib/answer-floor.ts';
import { findUnstorableField } from '../lib/unstorable-field.ts';
import { AppError } from '../lib/app-error.ts';
import { toAuthHeaders, type Auth } from '../lib/better-auth.ts';
import { reserveSignInCode, withPhoneCodeAttempt } from '../modules/account-security/phone-factor.ts';
import { secondStepCookieName, secondStepOptionsOf, secondStepOwner, withFreshTotpCode } from '../modules/account-security/second-factor.ts';
import { bodyFor, copyResponseHeaders, isRedirect, parseJsonObject, toApiError } from './auth-answers.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { deleteSessionByToken, findUserByAuthId, findUserByEmail, type UserRow } from '../modules/users/users.repository.ts';
import { readProviderCallback } from './provider-callback.ts';

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
  // The second step of sign-in: a code from the authenticator app, one sent by text message, or a recovery code.
  '/two-factor/verify-totp',
  '/two-factor/send-otp',
  '/two-factor/verify-otp',
  '/two-factor/verify-backup-code',
  // Sign-in with a configured provider (better-auth's generic OAuth); its callbacks are `/callback/<provider>`.
  '/sign-in/social',
]);

/** The steps that end in a session: each is audited, and a deactivated person's session is ended at once. */
const signInSteps = new Set(['/sign-in/email', '/two-factor/verify-totp', '/two-factor/verify-otp', '/two-factor/verify-backup-code']);

function signInStepOf(path: string): SignInAttempt['step'] | undefined {
  if (!signInSteps.has(path)) return undefined;
  if (path === '/two-factor/verify-totp') return 'authenticator';
  if (path === '/two-factor/verify-otp') return 'phone';
  if (path === '/two-factor/verify-backup-code') return 'recovery-code';
  return 'password';
}

export type SignInAttempt = {
  email: string;
  account: UserRow | undefined;
  isSuccess: boolean;
  status: number;
  /** The password, the second step (an authenticator, text-message or recovery code), or a provider's callback. */
  step: 'password' | 'authenticator' | 'phone' | 'recovery-code' | 'provider';
  /** A provider's sign-in: which, and why it was refused (better-auth's code). */
  provider?: string;
  error?: string | null;
  /** The step went right and a second one is now due (no session yet). */
  isSecondStepPending?: boolean;
};

type AuthProxyOptions = {
  auth: Auth;
  db: Database;
  signInLimiter: RateLimiter;
  /** Failed uses of a reset link, per address: made-up tokens are refused long before one could be guessed. */
  passwordResetLimiter: RateLimiter;
  /** Every sign-in attempt, with the account its e-mail names (if any), for the audit log. */
  onSignIn: (request: FastifyRequest, attempt: SignInAttempt) => Promise<void>;
  /** Every password change through better-auth, by the signed-in person, for the audit log. */
  onPasswordChange: (request: FastifyRequest, change: { account: UserRow; isSuccess: boolean; status: number }) => Promise<void>;
};

/** A limit refused the attempt: 429 with the seconds to wait, in the header and in words. */
const answerRateLimited = (reply: FastifyReply, retryAfter: number, message: string) =>
  reply.status(429).header('retry-after', String(retryAfter)).send({ status: 429, code: 'rate_limited', message } satisfies ApiErrorBody);

/** Mounts better-auth under /api/auth, answering in Skylog's error shape, with Skylog's sign-in limits and audit. */
export const authProxyPlugin = fp<AuthProxyOptions>(async (app: FastifyInstance, { auth, db, signInLimiter, passwordResetLimiter, onSignIn, onPasswordChange }) => {
  const sessionCookieName = (await auth.$context).authCookies.sessionToken.name;
  /**
   * A provider's sign-in came back (better-auth redirects to the app, or to /login?error=…): audited, and a
   * deactivated person's new session is ended at once, as after a password.
   */
  const endProviderSignIn = async (request: FastifyRequest, reply: FastifyReply, path: string, response: Response) => {
    const outcome = await readProviderCallback(db, path, response, { session: sessionCookieName, secondStep: challengeCookieName });
    const { account, provider } = outcome;
    if (account && !account.isActive) {
      if (outcome.sessionToken) await deleteSessionByToken(db, outcome.sessionToken);
      await onSignIn(request, { email: account.email, account, isSuccess: false, status: 403, step: 'provider', provider, error: 'account_deactivated' });
      return reply.status(302).header('location', `${auth.options.baseURL}/login?error=account_deactivated`).send();
    }
    const isSuccess = !outcome.error && Boolean(outcome.sessionToken || outcome.isSecondStepPending);
    await onSignIn(request, {
      email: account?.email ?? '',
      account,
      isSuccess,
      status: response.status,
      step: 'provider',
      provider,
      error: outcome.error,
      isSecondStepPending: outcome.isSecondStepPending,
    });
    copyResponseHeaders(response.headers, reply);
    return reply.status(response.status).send();
  };
  const challengeCookieName = await secondStepCookieName(auth);
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { operation: 'auth' },
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, auth.options.baseURL);
      const path = url.pathname.slice('/api/auth'.length);
      const isProviderCallback = path.startsWith('/callback/');
      if (!exposedAuthPaths.has(path) && !isProviderCallback) {
        return reply.status(404).send({ status: 404, code: 'not_found', message: messages.notFound } satisfies ApiErrorBody);
      }
      // PostgreSQL cannot store NUL: refuse it here, as the contracts' schemas do for Skylog's own routes.
      const badField = findUnstorableField(request.body) ?? findUnstorableField(Object.fromEntries(url.searchParams));
      if (badField) {
        return reply
          .status(400)
          .send({ status: 400, code: 'validation_error', message: messages.unstorableCharacter, fields: { [badField]: messages.unstorableCharacter } } satisfies ApiErrorBody);
      }
      const step = signInStepOf(path);
      const isPasswordStep = step === 'password';
      const signInEmail = isPasswordStep ? String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase() : '';
      const findAccount = () => (signInEmail ? findUserByEmail(db, signInEmail) : Promise.resolve(undefined));
      if (isPasswordStep) {
        const retryAfter = await signInLimiter.reserve(request.ip, signInEmail);
        if (retryAfter !== null) {
          await onSignIn(request, { email: signInEmail, account: await findAccount(), isSuccess: false, status: 429, step });
          return answerRateLimited(reply, retryAfter, signInRateLimitedMessage(retryAfter));
        }
      }
      const isPasswordReset = path === '/reset-password';
      if (isPasswordReset) {
        const retryAfter = await passwordResetLimiter.reserve(request.ip);
        if (retryAfter !== null) return answerRateLimited(reply, retryAfter, rateLimitedMessage(retryAfter));
      }
      // The person a second step is for (better-auth itself checks the cookie's signature and expiry).
      const challengeAuthId = path.startsWith('/two-factor/') ? await secondStepOwner(auth, db, request.headers.cookie) : undefined;
      // Only a pending sign-in sends or takes a text-message code (with a session, better-auth would send one unasked).
      const isPhoneCode = path === '/two-factor/send-otp' || step === 'phone';
      if (isPhoneCode && !challengeAuthId) throw new AppError('unauthenticated', accountMessages.twoFactorStepExpired);
      if (path === '/two-factor/send-otp') await reserveSignInCode(db, challengeAuthId!);
      const challengeAccount = challengeAuthId ? () => findUserByAuthId(db, challengeAuthId) : findAccount;
      // Who changes their password (the session's person, read before the change ends the other sessions).
      const changerSession = path === '/change-password' ? await auth.api.getSession({ headers: toAuthHeaders(request) }) : null;
      const passwordChanger = changerSession ? await findUserByAuthId(db, changerSession.user.id) : undefined;
      const forward = async () => {
        const response = await auth.handler(
          new Request(url, { method: request.method, headers: toAuthHeaders(request), body: request.method === 'GET' ? null : bodyFor(path, request.body) }),
        );
        return { ok: response.ok, response, text: await response.text() };
      };
      const checkCode = (authId: string) => {
        const code = String((request.body as { code?: unknown } | undefined)?.code ?? '');
        if (step === 'authenticator') return withFreshTotpCode(db, authId, code, forward);
        return withPhoneCodeAttempt(db, authId, async () => {
          const result = await forward();
          return { ...result, wrongCode: parseJsonObject(result.text).code === 'INVALID_CODE' };
        });
      };
      let answer: Awaited<ReturnType<typeof forward>>;
      try {
        if ((step === 'authenticator' || step === 'phone') && challengeAuthId) answer = await checkCode(challengeAuthId);
        // Asking for a reset link takes as long for an address with an account (a link stored) as without one.
        else if (path === '/request-password-reset') answer = await withAnswerFloor(limits.accountAnswerFloorMs, forward);
        // Without a pending step better-auth answers (the step has expired) itself.
        else answer = await forward();
      } catch (error) {
        // A replayed code is refused before better-auth sees it: still a failed sign-in to audit.
        if (step && error instanceof AppError) {
          const account = await challengeAccount();
          await onSignIn(request, { email: account?.email ?? '', account, isSuccess: false, status: error.status, step });
        }
        throw error;
      }
      const { response, text } = answer;
      if (isPasswordReset && response.ok) await passwordResetLimiter.release(request.ip);
      if (isProviderCallback) return endProviderSignIn(request, reply, path, response);
      if (path === '/change-password' && passwordChanger) await onPasswordChange(request, { account: passwordChanger, isSuccess: response.ok, status: response.status });
      copyResponseHeaders(response.headers, reply);
      reply.status(response.status);
      let answered: { token?: string; twoFactorRedirect?: boolean; twoFactorMethods?: string[] } = {};
      if (step) {
        if (isPasswordStep && response.ok) await signInLimiter.release(request.ip, signInEmail);
        const account = await challengeAccount();
        answered = parseJsonObject(text) as typeof answered;
        const email = signInEmail || account?.email || '';
        // A deactivated person's password still matches: end the new session (or second step) at once and say why.
        if (response.ok && account && !account.isActive) {
          if (answered.token) await deleteSessionByToken(db, answered.token);
          await onSignIn(request, { email, account, isSuccess: false, status: 403, step });
          reply.removeHeader('set-cookie');
          return reply.status(403).send({ status: 403, code: 'forbidden', message: messages.accountDeactivated } satisfies ApiErrorBody);
        }
        await onSignIn(request, { email, account, isSuccess: response.ok, status: response.status, step, isSecondStepPending: answered.twoFactorRedirect === true });
        // A pending second step names the person's own ways to take it (better-auth offers a text message to everyone).
        if (answered.twoFactorRedirect && account?.authId) answered.twoFactorMethods = (await secondStepOptionsOf(db, account.authId)).methods;
      }
      if (!response.ok && !isRedirect(response.status)) {
        reply.header('content-type', 'application/json; charset=utf-8');
        const factor = step === 'phone' || path === '/two-factor/send-otp' ? 'phone' : 'totp';
        const error = toApiError(response.status, parseJsonObject(text), response.headers.get('x-retry-after'), factor);
        return reply.status(error.status).send(error);
      }
      // The session travels only in its httpOnly cookie: better-auth's answer to a sign-in also names the token,
      // which page scripts must never be able to read.
      if (step) return reply.send(JSON.stringify({ ...answered, token: undefined }));
      return reply.send(text);
    },
  });
});
