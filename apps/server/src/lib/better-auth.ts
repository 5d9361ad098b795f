import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { genericOAuth, microsoftEntraId, twoFactor, type GenericOAuthConfig } from 'better-auth/plugins';
import { limits } from '@skylog/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppConfig, SignInProviderConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { authAccount, authRateLimit, authSession, authTwoFactor, authUser, authVerification } from '../db/schema/index.ts';
import type { EmailMessage } from '../integrations/email/index.ts';
import { passwordResetEmail, verificationEmail } from '../integrations/email/templates.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { hashSecretToken } from './secret-token.ts';

/** A recovery code as stored: its SHA-256 (as every secret Skylog keeps), so a database leak shows no usable code. */
export function hashRecoveryCode(code: string): string {
  return hashSecretToken(code.trim());
}

const isStoredHash = (value: string) => /^[0-9a-f]{64}$/.test(value);

/**
 * better-auth keeps recovery codes as one encoded JSON list and compares a typed code with its entries.
 * Skylog stores hashes instead: new codes are hashed here, kept ones (already hashes) stay as they are,
 * and the sign-in step hashes the typed code before better-auth compares (plugins/auth-proxy.ts).
 */
const hashedRecoveryCodes = {
  encrypt: async (json: string) => JSON.stringify((JSON.parse(json) as string[]).map((code) => (isStoredHash(code) ? code : hashRecoveryCode(code)))),
  decrypt: async (stored: string) => stored,
};

/**
 * A sign-in provider as better-auth's generic OAuth plugin takes it: authorization code with PKCE and state,
 * the id token checked against the issuer's keys; a new account only for an invited person.
 */
function toGenericOAuth(provider: SignInProviderConfig): GenericOAuthConfig {
  // Sign-up stays on for the invited: `databaseHooks.user.create` refuses everyone else.
  const common = { providerId: provider.id, name: provider.name, pkce: true } as const;
  if (provider.tenantId) return { ...microsoftEntraId({ clientId: provider.clientId, clientSecret: provider.clientSecret, tenantId: provider.tenantId }), ...common };
  return {
    ...common,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    discoveryUrl: provider.discoveryUrl,
    scopes: ['openid', 'email', 'profile'],
    requireIdTokenVerification: true,
  };
}

/** Where a provider's sign-in comes back to when it ends in the second step (the login screen asks for the code). */
export const secondStepPath = '/login?second_step=1';

/**
 * Whoever has an authenticator app gives its code after a provider's sign-in too
 * (docs/product.md "Sign-in and second step"). The two-factor plugin asks only after a password; after a provider's
 * callback this does what it does there: the new session is dropped and a pending second step (its signed cookie) takes
 * its place.
 */
function secondStepAfterProvider(appUrl: string) {
  return createAuthMiddleware(async (ctx) => {
    const data = ctx.context.newSession;
    if (!ctx.path.startsWith('/callback/') || !data?.user.twoFactorEnabled) return;
    deleteSessionCookie(ctx, true);
    await ctx.context.internalAdapter.deleteSession(data.session.token);
    ctx.context.setNewSession(null);
    const maxAge = 600;
    const cookie = ctx.context.createAuthCookie('two_factor', { maxAge });
    const identifier = `2fa-${generateRandomString(20)}`;
    const expiresAt = new Date(Date.now() + maxAge * 1000);
    await ctx.context.internalAdapter.createVerificationValue({ value: data.user.id, identifier, expiresAt });
    await ctx.context.internalAdapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
    await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
    throw ctx.redirect(`${appUrl}${secondStepPath}`);
  });
}

/** The value of one of better-auth's signed cookies (`<value>.<signature>`), signature left off; its checks are better-auth's. */
export function unsignedCookieValue(signed: string | undefined): string | undefined {
  const dot = signed?.lastIndexOf('.') ?? -1;
  return dot > 0 ? signed!.slice(0, dot) : undefined;
}

/** better-auth reads the client address from this header, which only the server sets. */
const clientIpHeader = 'x-skylog-client-ip';

/** What Skylog does where better-auth hands over: the people and codes are Skylog's. */
export type AuthCallbacks = {
  /** Text a sign-in code better-auth made to the person's confirmed phone. */
  sendSignInCode: (authId: string, code: string) => Promise<void>;
  /** Whether a provider's sign-in may make this person (only someone invited, with a verified address). */
  mayJoinThroughProvider: (user: { email: string; emailVerified: boolean }) => Promise<boolean>;
  /** A provider's sign-in made them: they join as their invitation says. */
  joinThroughProvider: (user: { id: string; email: string; name: string }, provider: string) => Promise<void>;
};

/**
 * better-auth (accounts, sessions, verification and reset mails) on Skylog's database. `sendMail` sends
 * after the answer (lib/background-work.ts): these mails go only to addresses with an account, so an
 * answer that waited for them would tell who has one.
 */
export function createAuth(config: AppConfig, db: Database, sendMail: (message: EmailMessage) => void, callbacks: AuthCallbacks) {
  return betterAuth({
    appName: 'Skylog',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    telemetry: { enabled: false },
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification, rateLimit: authRateLimit, twoFactor: authTwoFactor },
    }),
    plugins: [
      twoFactor({
        issuer: 'Skylog',
        totpOptions: { period: limits.totpPeriodSeconds, digits: limits.totpDigits },
        backupCodeOptions: { amount: limits.recoveryCodeCount, storeBackupCodes: hashedRecoveryCodes },
        accountLockout: { enabled: true, maxFailedAttempts: limits.twoFactorMaxFailures, durationSeconds: limits.twoFactorLockMinutes * 60 },
        // A code by text message (a confirmed phone): kept only as its hash, a few tries each.
        otpOptions: {
          sendOTP: ({ user, otp }) => callbacks.sendSignInCode(user.id, otp),
          period: limits.phoneCodeLifetimeMinutes,
          digits: limits.totpDigits,
          storeOTP: 'hashed',
          allowedAttempts: limits.twoFactorMaxFailures,
        },
      }),
      ...(config.signInProviders.length > 0 ? [genericOAuth({ config: config.signInProviders.map(toGenericOAuth) })] : []),
    ],
    hooks: { after: secondStepAfterProvider(config.appUrl) },
    // Skylog makes every account itself (invitations, school registration), except one: a provider's sign-in of
    // an invited person. better-auth creates people only there (open sign-up is off), and only when this agrees.
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ((await callbacks.mayJoinThroughProvider(user)) ? undefined : false),
          after: async (user, context) => callbacks.joinThroughProvider(user, String(context?.params?.id ?? 'provider')),
        },
      },
    },
    account: {
      // A provider's account joins the Skylog person whose e-mail it is, only when the provider verified that
      // address and the person verified it with Skylog; Microsoft Entra is the school's own directory.
      accountLinking: { enabled: true, requireLocalEmailVerified: true, trustedProviders: ['microsoft'] },
    },
    // A refused provider sign-in (state, PKCE, linking) comes back to the login screen, which says why.
    onAPIError: { errorURL: `${config.appUrl}/login` },
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
        sendMail(passwordResetEmail(user.email, user.name, `${config.appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`));
      },
    },
    emailVerification: {
      sendOnSignIn: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, token }) => {
        sendMail(verificationEmail(user.email, user.name, `${config.appUrl}/auth/confirm?token=${encodeURIComponent(token)}`));
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
      // Sign-in has its own limiter (plugins/rate-limiter.ts, set up in app.ts) that counts failures only.
      customRules: {
        '/sign-in/email': false,
        // Only the start of a provider's sign-in (its state and a redirect; the provider checks the person): better-auth's
        // default for /sign-in/* (3 per 10 s) would refuse a classroom behind one address signing in together.
        '/sign-in/social': { window: 60, max: 60 },
        '/request-password-reset': { window: 60, max: 3 },
        '/send-verification-email': { window: 60, max: 3 },
        // The plugin's own 3 per 10 s would answer before its lockout (5 wrong codes, then a wait) could.
        '/two-factor/*': { window: 60, max: 30 },
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

/** A request's headers for better-auth, with the client address the server determined (never the client's claim). */
export function toAuthHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === clientIpHeader) continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else headers.set(name, String(value));
  }
  headers.set(clientIpHeader, request.ip);
  return headers;
}
