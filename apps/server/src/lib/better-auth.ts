import { createHash, randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import { limits } from '@skylog/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { authAccount, authRateLimit, authSession, authTwoFactor, authUser, authVerification } from '../db/schema/index.ts';
import type { EmailSender } from '../integrations/email/index.ts';
import { passwordResetEmail, verificationEmail } from '../integrations/email/templates.ts';
import { hashPassword, verifyPassword } from './password.ts';

/** A recovery code as stored: its SHA-256, so a database leak shows no usable code. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim()).digest('hex');
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

/** better-auth reads the client address from this header, which only the server sets. */
const clientIpHeader = 'x-skylog-client-ip';

/** better-auth (accounts, sessions, verification and reset mails) on Skylog's database. */
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
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification, rateLimit: authRateLimit, twoFactor: authTwoFactor },
    }),
    plugins: [
      twoFactor({
        issuer: 'Skylog',
        totpOptions: { period: limits.totpPeriodSeconds, digits: limits.totpDigits },
        backupCodeOptions: { amount: limits.recoveryCodeCount, storeBackupCodes: hashedRecoveryCodes },
        accountLockout: { enabled: true, maxFailedAttempts: limits.twoFactorMaxFailures, durationSeconds: limits.twoFactorLockMinutes * 60 },
      }),
    ],
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
      // Sign-in has its own limiter (plugins/rate-limiter.ts, set up in app.ts) that counts failures only.
      customRules: {
        '/sign-in/email': false,
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
