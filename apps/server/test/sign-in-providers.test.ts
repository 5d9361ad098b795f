import {
  accountMessages,
  auditListSchema,
  clientConfigSchema,
  identityListSchema,
  messages,
  providerSignInErrors,
} from '@skylog/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, createTestApp, nextClientIp, query, type TestApp } from './helper.ts';
import { createSchool, type School } from './factories.ts';
import { personPassword, sessions } from './people-helper.ts';
import { startOidcProvider, type LocalOidcProvider } from './support/oidc-provider.ts';
import { keyOfTotpUri, totpCode } from './support/totp.ts';
import { sql } from 'drizzle-orm';

const sessionCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name.endsWith('session_token') && cookie.value);

/** Sign-in with an OpenID Connect provider (authorization code, PKCE and state), against a real provider. */
describe('sign-in with an OpenID Connect provider', () => {
  let t: TestApp;
  let idp: LocalOidcProvider;
  const s = sessions(() => t);
  let school: School;

  beforeAll(async () => {
    idp = await startOidcProvider({ redirectUris: ['http://localhost:3000/api/auth/callback/oidc'] });
    t = await createTestApp({
      env: { OIDC_ISSUER_URL: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_NAME: 'Skyline SSO' },
    });
    school = await createSchool(t, s, 'Single Sign-On Flight School');
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** The login screen's button: better-auth answers the provider's address and sets its state cookie. */
  async function start() {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'oidc', callbackURL: '/dashboard/flights', errorCallbackURL: '/login' },
      remoteAddress: nextClientIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json() as { url: string };
    const authorization = new URL(url);
    expect(authorization.origin).toBe(idp.issuer);
    return { url, cookies: cookiesOf(response), state: authorization.searchParams.get('state')!, authorization };
  }

  /** The browser coming back to Skylog from the provider. */
  const callback = (back: URL, cookies: string) =>
    t.request({ method: 'GET', url: `${back.pathname}${back.search}`, cookie: cookies, remoteAddress: nextClientIp() });

  async function signInAt(login: string) {
    const flow = await start();
    return callback(await idp.authorize(flow.url, login), flow.cookies);
  }

  const locationOf = (response: LightMyRequestResponse) => new URL(String(response.headers.location), 'http://localhost:3000');

  it('shows the provider on the login screen, and asks it for a code with PKCE (S256) and state', async () => {
    const config = clientConfigSchema.parse((await t.request({ method: 'GET', url: '/api/client-config' })).json());
    expect(config.sign_in_providers).toEqual([{ id: 'oidc', name: 'Skyline SSO' }]);
    const { authorization } = await start();
    expect(authorization.searchParams.get('response_type')).toBe('code');
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
  });

  it('signs a person in through the provider account of their verified e-mail, links it, and audits it', async () => {
    const person = await school.addPerson('instructor');
    idp.accounts.set('ina', { email: person.email, emailVerified: true, name: 'Ina Instructor' });
    const back = await signInAt('ina');
    expect(back.statusCode).toBe(302);
    expect(locationOf(back).pathname).toBe('/dashboard/flights');
    const cookie = cookiesOf(back);
    expect(sessionCookieOf(back)).toBeTruthy();
    expect((await t.request({ method: 'GET', url: '/api/me', cookie })).json().email).toBe(person.email);

    const identities = identityListSchema.parse((await t.request({ method: 'GET', url: '/api/identities', cookie })).json()).items;
    expect(identities).toEqual([expect.objectContaining({ provider_id: 'oidc', provider_name: 'Skyline SSO' })]);
    const audit = auditListSchema.parse(
      (await s.call(school.owner, 'GET', `/api/audit-log?user_id=${person.id}&action=auth.sign-in`)).json(),
    ).items;
    expect(audit[0]).toMatchObject({ status: 'success', details: expect.objectContaining({ step: 'provider', provider: 'oidc' }) });

    // Unlinked (with the password), the provider no longer signs in without linking anew.
    const unlinked = await t.request({
      method: 'DELETE',
      url: `/api/identities/${identities[0]!.id}`,
      cookie,
      payload: { password: personPassword },
    });
    expect(unlinked.statusCode, unlinked.body).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/identities', cookie })).json().items).toEqual([]);
  });

  it('refuses an e-mail the provider has not verified, and links nothing', async () => {
    const person = await school.addPerson('student');
    idp.accounts.set('sly', { email: person.email, emailVerified: false, name: 'Not Verified' });
    const back = await signInAt('sly');
    expect(back.statusCode).toBe(302);
    expect(locationOf(back).pathname).toBe('/login');
    expect(locationOf(back).searchParams.get('error')).toBe('account_not_linked');
    expect(sessionCookieOf(back)).toBeUndefined();
    const [row] = await query<{ count: number }>(
      t,
      sql`select count(*)::int as count from auth_account a join users u on u.auth_id = a.user_id where u.skylog_id = ${person.id} and a.provider_id = 'oidc'`,
    );
    expect(row!.count).toBe(0);
  });

  /** How many sign-in identities use an e-mail address. */
  const identitiesOf = async (email: string) =>
    (await query<{ count: number }>(t, sql`select count(*)::int as count from auth_user where lower(email) = ${email.toLowerCase()}`))[0]!
      .count;

  it('never creates an account for an e-mail no one at Skylog has or was invited with', async () => {
    idp.accounts.set('stranger', { email: 'stranger@elsewhere.test', emailVerified: true, name: 'Stranger' });
    const back = await signInAt('stranger');
    expect(locationOf(back).pathname).toBe('/login');
    expect(providerSignInErrors[locationOf(back).searchParams.get('error') ?? '']).toBe(accountMessages.providerNoAccount);
    expect(sessionCookieOf(back)).toBeUndefined();
    expect(await identitiesOf('stranger@elsewhere.test')).toBe(0);
  });

  it("makes an invited person's account through the provider of their verified invited address, in the invitation's role", async () => {
    const email = `invited.${Date.now()}@sso-school.test`;
    const invited = await s.call(school.owner, 'POST', '/api/invitations', { email, user_type: 'instructor' });
    expect(invited.statusCode, invited.body).toBe(201);

    // An address the provider has not verified makes nothing, and the invitation stays open.
    idp.accounts.set('unverified-invitee', { email, emailVerified: false, name: 'Una Verified' });
    const refused = await signInAt('unverified-invitee');
    expect(providerSignInErrors[locationOf(refused).searchParams.get('error') ?? '']).toBe(accountMessages.providerNoAccount);
    expect(sessionCookieOf(refused)).toBeUndefined();
    expect(await identitiesOf(email)).toBe(0);

    idp.accounts.set('invitee', { email, emailVerified: true, name: 'Ivy Invitee' });
    const back = await signInAt('invitee');
    expect(back.statusCode).toBe(302);
    expect(locationOf(back).pathname).toBe('/dashboard/flights');
    const cookie = cookiesOf(back);
    const me = (await t.request({ method: 'GET', url: '/api/me', cookie })).json();
    expect(me).toMatchObject({ email, name: 'Ivy Invitee', user_type: 'instructor', email_verified: true, org: { id: school.orgId } });
    expect(identityListSchema.parse((await t.request({ method: 'GET', url: '/api/identities', cookie })).json()).items).toEqual([
      expect.objectContaining({ provider_id: 'oidc' }),
    ]);

    // The invitation is used up: no one else joins with it, and the school's list no longer shows it.
    const pending = (await s.call(school.owner, 'GET', '/api/invitations')).json().items as Array<{ email: string }>;
    expect(pending.map((row) => row.email)).not.toContain(email);
    const audit = auditListSchema.parse((await s.call(school.owner, 'GET', `/api/audit-log?user_id=${me.skylog_id}`)).json()).items;
    expect(audit.map((entry) => [entry.action, entry.details?.provider])).toEqual(
      expect.arrayContaining([
        ['registration.accept-invitation', 'oidc'],
        ['auth.sign-in', 'oidc'],
      ]),
    );
    // The next sign-in finds the account.
    expect(sessionCookieOf(await signInAt('invitee'))).toBeTruthy();
    expect(await identitiesOf(email)).toBe(1);
  });

  it('lets a classroom behind one address start its provider sign-ins together', async () => {
    const classroom = nextClientIp();
    for (let student = 0; student < 12; student += 1) {
      const started = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        payload: { provider: 'oidc', callbackURL: '/dashboard/flights', errorCallbackURL: '/login' },
        remoteAddress: classroom,
      });
      expect(started.statusCode, started.body).toBe(200);
    }
  });

  it('refuses a callback with a state it did not send, or with the code of another sign-in (PKCE), and makes no session', async () => {
    const person = await school.addPerson('instructor');
    idp.accounts.set('pat', { email: person.email, emailVerified: true, name: 'Pat' });

    const flow = await start();
    const back = await idp.authorize(flow.url, 'pat');
    back.searchParams.set('state', 'not-the-state-skylog-sent');
    const forged = await callback(back, flow.cookies);
    expect(forged.statusCode).toBe(302);
    expect(locationOf(forged).pathname).toBe('/login');
    expect(locationOf(forged).searchParams.get('error')).toBeTruthy();
    expect(sessionCookieOf(forged)).toBeUndefined();

    // Someone else's code, brought back into this browser's sign-in: the provider refuses this sign-in's verifier.
    const mine = await start();
    const theirs = await start();
    const theirCode = (await idp.authorize(theirs.url, 'pat')).searchParams.get('code')!;
    const myReturn = await idp.authorize(mine.url, 'pat');
    myReturn.searchParams.set('code', theirCode);
    const injected = await callback(myReturn, mine.cookies);
    expect(locationOf(injected).pathname).toBe('/login');
    expect(locationOf(injected).searchParams.get('error')).toBeTruthy();
    expect(sessionCookieOf(injected)).toBeUndefined();
  });

  it('asks a person with an authenticator app for its code after the provider too', async () => {
    const person = await school.addPerson('org_admin');
    const cookie = await t.signIn(person.email, personPassword);
    const created = await t.request({
      method: 'POST',
      url: '/api/factors',
      cookie,
      payload: { friendly_name: 'Phone', factor_type: 'totp', password: personPassword },
    });
    const key = keyOfTotpUri(created.json().totp_uri as string);
    expect(
      (await t.request({ method: 'POST', url: `/api/factors/${created.json().id}/verify`, cookie, payload: { code: totpCode(key) } }))
        .statusCode,
    ).toBe(200);

    idp.accounts.set('ada', { email: person.email, emailVerified: true, name: 'Ada Admin' });
    const back = await signInAt('ada');
    expect(back.statusCode).toBe(302);
    expect(`${locationOf(back).pathname}${locationOf(back).search}`).toBe('/login?second_step=1');
    expect(sessionCookieOf(back)).toBeUndefined();
    const pending = auditListSchema.parse(
      (await s.call(school.owner, 'GET', `/api/audit-log?user_id=${person.id}&action=auth.sign-in`)).json(),
    ).items;
    expect(pending[0]).toMatchObject({ status: 'success', details: expect.objectContaining({ step: 'provider', secondStep: 'pending' }) });
    const step = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: cookiesOf(back),
      payload: { code: totpCode(key, 1) },
    });
    expect(step.statusCode, step.body).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', cookie: cookiesOf(step) })).json().email).toBe(person.email);
  });

  it("ends a deactivated person's provider sign-in at once", async () => {
    const person = await school.addPerson('student');
    idp.accounts.set('dee', { email: person.email, emailVerified: true, name: 'Dee' });
    expect((await s.call(school.owner, 'POST', `/api/users/${person.id}/deactivate`)).statusCode).toBe(200);
    const back = await signInAt('dee');
    expect(locationOf(back).pathname).toBe('/login');
    expect(locationOf(back).searchParams.get('error')).toBe('account_deactivated');
    expect(sessionCookieOf(back)).toBeUndefined();
    expect(messages.accountDeactivated).toBeTruthy();
  });
});
