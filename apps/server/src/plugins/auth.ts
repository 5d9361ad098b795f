import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { accessTokenOperations, apiAccess, isRole, limits, messages, rateLimitedMessage, signInRateLimitedMessage, type ApiErrorBody, type ApiOperation, type ErrorCode, type Role } from '@skylog/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { authAccount, authRateLimit, authSession, authUser, authVerification } from '../db/schema/index.ts';
import type { EmailSender } from '../integrations/email/index.ts';
import { passwordResetEmail, verificationEmail } from '../integrations/email/templates.ts';
import { AppError } from '../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../lib/password.ts';
import type { RequestUser } from '../lib/request-user.ts';
import type { SignInLimiter } from './sign-in-limiter.ts';
import { findTokenOwner, touchToken } from '../modules/access-tokens/access-tokens.repository.ts';
import { hashToken, isAccessToken } from '../modules/access-tokens/access-tokens.service.ts';
import { deleteSessionByToken, findUserByAuthId, findUserByEmail, type UserRow } from '../modules/users/users.repository.ts';

/** better-auth reads the client address from this header, which only the server sets. */
const clientIpHeader = 'x-skylog-client-ip';

export function createAuth(config: AppConfig, db: Database, email: EmailSender) {
  return betterAuth({
    appName: 'Skylog',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    telemetry: { enabled: false },
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification, rateLimit: authRateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are created by invitation or school registration (our own endpoints), never by open sign-up.
      disableSignUp: true,
      requireEmailVerification: true,
      minPasswordLength: limits.passwordMinLength,
      maxPasswordLength: limits.passwordMaxLength,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, token }) => {
        await email.send(passwordResetEmail(user.email, user.name, `${config.appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`));
      },
    },
    emailVerification: {
      sendOnSignIn: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, token }) => {
        await email.send(verificationEmail(user.email, user.name, `${config.appUrl}/auth/confirm?token=${encodeURIComponent(token)}`));
      },
    },
    session: {
      expiresIn: limits.sessionLifetimeSeconds,
      updateAge: limits.sessionRefreshAgeSeconds,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      // Sign-in has its own limiter (sign-in-limiter.ts) that counts failures only.
      customRules: {
        '/sign-in/email': false,
        '/request-password-reset': { window: 60, max: 3 },
        '/send-verification-email': { window: 60, max: 3 },
      },
    },
    advanced: {
      cookiePrefix: 'skylog',
      useSecureCookies: config.appUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
      // better-auth turns its origin (CSRF) check off when NODE_ENV=test; keep it on everywhere so tests see production behaviour.
      disableOriginCheck: false,
      database: { generateId: () => randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

declare module 'fastify' {
  // Module augmentation only works with interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === clientIpHeader) continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else headers.set(name, String(value));
  }
  headers.set(clientIpHeader, request.ip);
  return headers;
}

function copyResponseHeaders(from: Headers, reply: FastifyReply): void {
  from.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

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
  if (status === 429) message = rateLimitedMessage(Number(retryAfter) || 60);
  else if (body.code === 'INVALID_EMAIL_OR_PASSWORD') message = messages.signInFailed;
  else if (body.code === 'EMAIL_NOT_VERIFIED') message = messages.emailNotVerified;
  return { status, code: codeByStatus[status] ?? 'bad_request', message };
}

export type SignInAttempt = { email: string; account: UserRow | undefined; isSuccess: boolean; status: number };

type AuthPluginOptions = {
  auth: Auth;
  db: Database;
  signInLimiter: SignInLimiter;
  /** Every sign-in attempt, with the account its e-mail names (if any), for the audit log. */
  onSignIn: (request: FastifyRequest, attempt: SignInAttempt) => Promise<void>;
};

/** Mounts better-auth under /api/auth and resolves every API request's session to a Skylog user. */
export const authPlugin = fp<AuthPluginOptions>(async (app: FastifyInstance, { auth, db, signInLimiter, onSignIn }) => {
  app.decorateRequest('user', null);

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { operation: 'auth' },
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, auth.options.baseURL);
      if (!exposedAuthPaths.has(url.pathname.slice('/api/auth'.length))) {
        return reply.status(404).send({ status: 404, code: 'not_found', message: messages.notFound } satisfies ApiErrorBody);
      }
      const isSignIn = url.pathname === '/api/auth/sign-in/email';
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
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: toHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : null,
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
          return reply
            .status(403)
            .send({ status: 403, code: 'forbidden', message: messages.accountDeactivated } satisfies ApiErrorBody);
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

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    // Public operations (health checks, registration) need no session lookup.
    const operation = request.routeOptions.config.operation;
    if (operation && operation !== 'auth' && apiAccess[operation] === 'public') return;
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer && isAccessToken(bearer)) {
      request.user = await userOfAccessToken(db, bearer, operation);
      return;
    }
    const result = await auth.api.getSession({ headers: toHeaders(request), returnHeaders: true });
    // A session used after its refresh age is extended; pass the renewed cookie on.
    const cookies = result.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const session = result.response;
    if (!session) return;
    const user = await findUserByAuthId(db, session.user.id);
    if (!user || !user.isActive || !isRole(user.userType)) return;
    request.user = {
      authId: session.user.id,
      skylogId: user.skylogId,
      role: user.userType,
      email: user.email,
      orgId: user.orgId,
      subOrgId: user.subOrgId,
      accessTokenId: null,
    };
  });
});

/** The recorder app's person behind a personal access token; tokens only reach the flight operations. */
async function userOfAccessToken(db: Database, token: string, operation: ApiOperation | 'auth' | undefined): Promise<RequestUser> {
  const found = await findTokenOwner(db, hashToken(token));
  if (!found || !found.user.isActive || !isRole(found.user.userType)) throw new AppError(401, 'unauthenticated', messages.accessTokenInvalid);
  if (!operation || operation === 'auth' || !accessTokenOperations.includes(operation)) {
    throw new AppError(403, 'forbidden', messages.accessTokenNotAllowed);
  }
  // Last use is shown to the person; a minute's precision is enough and spares a write per request.
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > 60_000) await touchToken(db, found.tokenId);
  const { user } = found;
  return {
    authId: user.authId ?? '',
    skylogId: user.skylogId,
    role: user.userType as Role,
    email: user.email,
    orgId: user.orgId,
    subOrgId: user.subOrgId,
    accessTokenId: found.tokenId,
  };
}
