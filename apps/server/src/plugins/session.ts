import { accessTokenOperations, apiAccess, isRole, limits, messages, type ApiOperation, type Role } from '@skylog/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseCookies } from 'better-call';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { accessTokenOf } from '../lib/access-token.ts';
import { AppError } from '../lib/app-error.ts';
import { toAuthHeaders, type Auth } from '../lib/better-auth.ts';
import { isTwoFactorRequiredOf } from '../access/access-rules.ts';
import type { RequestUser } from '../lib/request-user.ts';
import { addRouteCheck, isChangingRoute } from '../lib/route-hooks.ts';
import { isSafeMethod } from '../lib/safe-methods.ts';
import { hashSecretToken } from '../lib/secret-token.ts';
import type { SessionCache } from '../lib/session-cache.ts';
import { findTokenOwner, touchToken } from '../modules/access-tokens/access-tokens.repository.ts';
import { isMemberPaid } from '../modules/billing/paid-standing.ts';
import { findSessionPerson, touchSessionLastSeen, type UserRow } from '../modules/users/users.repository.ts';
import type { SignInDemands } from '../db/columns.ts';

declare module 'fastify' {
  // Module augmentation only works with interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

/** better-auth extends a session once it is this close to its end; until then its cached person may be used. */
const refreshDueBeforeExpiryMs = (limits.sessionLifetimeSeconds - limits.sessionRefreshAgeSeconds) * 1000;

type SessionPluginOptions = {
  auth: Auth;
  db: Database;
  cache: SessionCache;
  syncChanges: () => Promise<void>;
  /** Billing is on (Stripe keys set): an organization's members are held until it pays. */
  isBillingOn: boolean;
};

/** Resolves every API request's session cookie (or personal access token) to the Skylog person behind it. */
export const sessionPlugin = fp<SessionPluginOptions>(async (app: FastifyInstance, { auth, db, cache, syncChanges, isBillingOn }) => {
  app.decorateRequest('user', null);
  // Exactly the cookie better-auth checks (`__Secure-skylog.session_token` over https), never a look-alike.
  const sessionCookieName = (await auth.$context).authCookies.sessionToken.name;

  // "Last active" in Account security's sessions list: at most one write per session and interval.
  const lastSeenEveryMs = limits.sessionLastSeenEverySeconds * 1000;
  const touchedAt = new Map<string, number>();
  const touchLastSeen = async (token: string) => {
    const now = Date.now();
    if ((touchedAt.get(token) ?? 0) > now - lastSeenEveryMs) return;
    if (touchedAt.size >= limits.sessionCacheEntries) touchedAt.clear();
    touchedAt.set(token, now);
    await touchSessionLastSeen(db, token, lastSeenEveryMs);
  };

  const resolvePerson = async (request: FastifyRequest, reply: FastifyReply) => {
    const operation = request.routeOptions.config.operation;
    const token = accessTokenOf(request.headers.authorization);
    if (token) {
      request.user = await userOfAccessToken(db, token, operation, isBillingOn);
      return;
    }
    // Parsed as better-auth parses it (better-call), so the key is the very value it verifies.
    const cookie = request.headers.cookie ? parseCookies(request.headers.cookie).get(sessionCookieName) : undefined;
    if (!cookie) return;
    const cached = cache.get(cookie);
    if (cached) {
      request.user = cached;
      if (cached.sessionToken) await touchLastSeen(cached.sessionToken);
      return;
    }
    const readAt = cache.generation();
    const result = await auth.api.getSession({ headers: toAuthHeaders(request), returnHeaders: true });
    // A session used after its refresh age is extended; pass the renewed cookie on.
    const cookies = result.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const session = result.response;
    if (!session) return;
    const person = await findSessionPerson(db, session.user.id);
    if (!person || !person.user.isActive || !isRole(person.user.userType)) return;
    request.user = toRequestUser(person, { accessTokenId: null, sessionToken: session.session.token }, isBillingOn);
    const expiresAt = new Date(session.session.expiresAt).getTime();
    cache.set(cookie, readAt, { user: request.user, sessionId: session.session.id, validUntil: expiresAt - refreshDueBeforeExpiryMs });
    await touchLastSeen(session.session.token);
  };
  // A change (sign-out, a role, a deactivation) answers only once this instance's session cache has heard
  // of it, so the next request here never finds the session as it was.
  const awaitChanges = async (request: FastifyRequest) => {
    if (!isSafeMethod(request.method)) await syncChanges();
  };

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (isChangingRoute(route)) addRouteCheck(route, 'onSend', awaitChanges);
    // Sign-in routes read their own session; public operations (health checks, registration) need none.
    const operation = route.config?.operation;
    if (route.url.startsWith('/api/auth/') || operation === 'auth' || (operation !== undefined && apiAccess[operation] === 'public')) return;
    addRouteCheck(route, 'onRequest', resolvePerson);
  });
});

/** The recorder app's person behind a personal access token; tokens only reach the flight operations. */
async function userOfAccessToken(db: Database, token: string, operation: ApiOperation | 'auth' | undefined, isBillingOn: boolean): Promise<RequestUser> {
  const found = await findTokenOwner(db, hashSecretToken(token));
  if (!found || !found.user.isActive || !isRole(found.user.userType)) throw new AppError('unauthenticated', messages.accessTokenInvalid);
  if (!operation || operation === 'auth' || !accessTokenOperations.includes(operation)) {
    throw new AppError('forbidden', messages.accessTokenNotAllowed);
  }
  // Last use is shown to the person; a minute's precision is enough and spares a write per request.
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > 60_000) await touchToken(db, found.tokenId);
  return toRequestUser(found, { accessTokenId: found.tokenId, sessionToken: null }, isBillingOn);
}

/** A person read with `signInDemands` (users.repository.ts), as requests carry them. */
function toRequestUser(
  { user, hasAuthenticator, orgRequiresAdminTwoFactor, ...billing }: { user: UserRow } & SignInDemands,
  via: Pick<RequestUser, 'accessTokenId' | 'sessionToken'>,
  isBillingOn: boolean,
): RequestUser {
  const role = user.userType as Role;
  return {
    authId: user.authId ?? '',
    skylogId: user.skylogId,
    role,
    email: user.email,
    orgId: user.orgId,
    subOrgId: user.subOrgId,
    ...via,
    hasAuthenticator,
    isTwoFactorRequired: isTwoFactorRequiredOf(role, orgRequiresAdminTwoFactor),
    isPaid: isMemberPaid({ role, isPaid: user.isPaid }, billing, isBillingOn),
  };
}
