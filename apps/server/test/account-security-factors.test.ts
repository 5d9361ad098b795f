import { accountMessages, auditListSchema,
  totpFactorCreatedSchema,
  factorListSchema,
  limits,
  messages,
  sessionListSchema,
  twoFactorLockedMessage, } from '@skylog/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOrigin, cookiesOf, createTestApp, nextClientIp, query, type TestApp } from './helper.ts';
import { createSchool, type School } from './factories.ts';
import { personPassword, sessions } from './people-helper.ts';
import { keyOfTotpUri, msToNextStep, totpCode } from './support/totp.ts';


/** Authenticator apps, recovery codes, the second sign-in step, and a person's own sessions. */
describe('account security', () => {
  let t: TestApp;
  const s = sessions(() => t);
  let school: School;

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Second Step Aviation');
  });
  afterAll(async () => t.close());

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url, cookie, remoteAddress: nextClientIp(), ...(payload ? { payload } : {}) });

  /** The password step only: answers the response (a session, or the pending second step's cookie). */
  const passwordStep = (email: string, password = personPassword) =>
    t.request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: nextClientIp() });

  const secondStep = (challenge: LightMyRequestResponse, path: 'verify-totp' | 'verify-backup-code', code: string) =>
    t.request({
      method: 'POST',
      url: `/api/auth/two-factor/${path}`,
      cookie: cookiesOf(challenge),
      payload: { code },
      remoteAddress: nextClientIp(),
    });

  /** A code for `key` no earlier sign-in used (each is taken once; three steps are valid at a time). */
  async function freshCode(key: string, used: Set<string>): Promise<string> {
    for (;;) {
      const code = [0, 1, -1].map((offset) => totpCode(key, offset)).find((candidate) => !used.has(candidate));
      if (code) {
        used.add(code);
        return code;
      }
      await new Promise((resolve) => setTimeout(resolve, msToNextStep() + 100));
    }
  }

  /** A person of the school with a confirmed authenticator app: their key, recovery codes and codes used. */
  async function enrolledPerson(role: 'org_admin' | 'instructor' | 'student' = 'instructor') {
    const person = await school.addPerson(role);
    const cookie = await t.signIn(person.email, personPassword);
    const created = await call(cookie, 'POST', '/api/factors', {
      friendly_name: 'My phone',
      factor_type: 'totp',
      password: personPassword,
    });
    expect(created.statusCode, created.body).toBe(201);
    const factor = totpFactorCreatedSchema.parse(created.json());
    const key = keyOfTotpUri(factor.totp_uri);
    const used = new Set<string>();
    const verified = await call(cookie, 'POST', `/api/factors/${factor.id}/verify`, { code: await freshCode(key, used) });
    expect(verified.statusCode, verified.body).toBe(200);
    t.rememberAuthenticator(person.email, key);
    return { ...person, key, used, factor, recoveryCodes: factor.recovery_codes, cookie: cookiesOf(verified) };
  }

  it('adds an authenticator app: password first, then a QR code, the typed key and ten recovery codes, then its first code', async () => {
    const person = await school.addPerson('instructor');
    const cookie = await t.signIn(person.email, personPassword);
    expect(factorListSchema.parse((await call(cookie, 'GET', '/api/factors')).json())).toEqual({
      items: [],
      recovery_codes_left: 0,
      is_required: false,
    });

    const wrongPassword = await call(cookie, 'POST', '/api/factors', {
      friendly_name: 'Phone',
      factor_type: 'totp',
      password: 'not-my-password',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ code: 'validation_error', fields: { password: messages.wrongPassword } });
    const phoneFactor = await call(cookie, 'POST', '/api/factors', {
      friendly_name: 'Phone',
      factor_type: 'sms',
      password: personPassword,
    });
    expect(phoneFactor.statusCode).toBe(400);
    expect(phoneFactor.json().fields).toHaveProperty('factor_type');

    const created = await call(cookie, 'POST', '/api/factors', {
      friendly_name: 'Pixel 8',
      factor_type: 'totp',
      issuer: 'Second Step Aviation',
      password: personPassword,
    });
    expect(created.statusCode, created.body).toBe(201);
    const factor = totpFactorCreatedSchema.parse(created.json());
    expect(factor).toMatchObject({ friendly_name: 'Pixel 8', factor_type: 'totp', status: 'unverified' });
    expect(factor.totp_uri).toMatch(/^otpauth:\/\/totp\/Second%20Step%20Aviation:/);
    expect(factor.secret).toBe(keyOfTotpUri(factor.totp_uri));
    expect(factor.qr_svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    expect(factor.recovery_codes).toHaveLength(limits.recoveryCodeCount);
    expect(new Set(factor.recovery_codes).size).toBe(limits.recoveryCodeCount);
    // Until confirmed, sign-in asks for nothing more.
    expect((await passwordStep(person.email)).json().twoFactorRedirect).toBeUndefined();

    const wrongCode = await call(cookie, 'POST', `/api/factors/${factor.id}/verify`, { code: totpCode(factor.secret, 5) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ message: accountMessages.twoFactorCodeWrong, fields: { code: accountMessages.twoFactorCodeWrong } });
    const notDigits = await call(cookie, 'POST', `/api/factors/${factor.id}/verify`, { code: '12ab56' });
    expect(notDigits.statusCode).toBe(400);
    expect(notDigits.json().fields).toHaveProperty('code');

    const verified = await call(cookie, 'POST', `/api/factors/${factor.id}/verify`, { code: totpCode(factor.secret) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(factorListSchema.parse(verified.json())).toMatchObject({
      items: [{ id: factor.id, status: 'verified' }],
      recovery_codes_left: 10,
    });
    // The session was renewed: the new cookie works, the old one is over.
    expect((await call(cookiesOf(verified), 'GET', '/api/me')).json()).toMatchObject({
      two_factor_enabled: true,
      two_factor_setup_required: false,
    });
    expect((await call(cookie, 'GET', '/api/me')).statusCode).toBe(401);

    // Only hashes of the recovery codes are stored, and the key only encrypted.
    const [stored] = await query<{ secret: string; backup_codes: string }>(
      t,
      (await import('drizzle-orm')).sql`select secret, backup_codes from auth_two_factor where id = ${factor.id}`,
    );
    for (const code of factor.recovery_codes) expect(stored!.backup_codes).not.toContain(code);
    expect(stored!.secret).not.toContain(factor.secret);

    const actions = auditListSchema
      .parse((await s.call(school.owner, 'GET', `/api/audit-log?user_id=${person.id}`)).json())
      .items.map((entry) => `${entry.action} ${entry.status}`);
    expect(actions).toEqual(expect.arrayContaining(['factors.create success', 'factors.verify failure', 'factors.verify success']));
  });

  it('asks for the second step at sign-in, takes each code once, and audits both steps', async () => {
    const person = await enrolledPerson();
    const challenge = await passwordStep(person.email);
    expect(challenge.statusCode).toBe(200);
    expect(challenge.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'recovery_code'] });
    // A right password alone gives no session.
    expect((await call(cookiesOf(challenge), 'GET', '/api/me')).statusCode).toBe(401);

    const code = await freshCode(person.key, person.used);
    const signedIn = await secondStep(challenge, 'verify-totp', code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The session is in the httpOnly cookie only: no answer of a sign-in step names its token.
    expect(signedIn.json()).not.toHaveProperty('token');
    expect((await passwordStep((await school.addPerson('student')).email)).json()).not.toHaveProperty('token');
    expect((await call(cookiesOf(signedIn), 'GET', '/api/me')).json().email).toBe(person.email);

    const replayed = await secondStep(await passwordStep(person.email), 'verify-totp', code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ message: accountMessages.twoFactorCodeReused, fields: { code: accountMessages.twoFactorCodeReused } });
    expect(replayed.cookies.some((cookie) => cookie.name.endsWith('session_token') && cookie.value)).toBe(false);

    const noChallenge = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      payload: { code: totpCode(person.key) },
      remoteAddress: nextClientIp(),
    });
    expect(noChallenge.statusCode).toBe(401);
    expect(noChallenge.json().message).toBe(accountMessages.twoFactorStepExpired);

    const audit = auditListSchema.parse(
      (await s.call(school.owner, 'GET', `/api/audit-log?user_id=${person.id}&action=auth.sign-in`)).json(),
    ).items;
    expect(audit.map((entry) => [entry.status, entry.details?.step, entry.details?.secondStep ?? null])).toEqual(
      expect.arrayContaining([
        ['success', 'password', 'pending'],
        ['success', 'authenticator', null],
        ['failure', 'authenticator', null],
      ]),
    );
  });

  it('takes a recovery code once, and new codes replace the old ones', async () => {
    const person = await enrolledPerson();
    const [first, second] = person.recoveryCodes;
    const signedIn = await secondStep(await passwordStep(person.email), 'verify-backup-code', first!);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = cookiesOf(signedIn);
    expect(factorListSchema.parse((await call(cookie, 'GET', '/api/factors')).json()).recovery_codes_left).toBe(9);

    const again = await secondStep(await passwordStep(person.email), 'verify-backup-code', first!);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: accountMessages.recoveryCodeWrong, fields: { code: accountMessages.recoveryCodeWrong } });

    const renewed = await call(cookie, 'POST', '/api/factors/recovery-codes', { password: personPassword });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect((await secondStep(await passwordStep(person.email), 'verify-backup-code', second!)).statusCode).toBe(400);
    expect((await secondStep(await passwordStep(person.email), 'verify-backup-code', fresh[0]!)).statusCode).toBe(200);
  });

  it('makes the account wait after five wrong codes in a row, with a clear message', async () => {
    const person = await enrolledPerson('student');
    const challenge = await passwordStep(person.email);
    for (let attempt = 1; attempt <= limits.twoFactorMaxFailures; attempt += 1) {
      const wrong = await secondStep(challenge, 'verify-totp', totpCode(person.key, 10 + attempt));
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(400);
      expect(wrong.json().message).toBe(accountMessages.twoFactorCodeWrong);
    }
    const right = await secondStep(challenge, 'verify-totp', await freshCode(person.key, person.used));
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'rate_limited', message: twoFactorLockedMessage(limits.twoFactorLockMinutes) });
    // A new sign-in does not reset the wait: it is the account's, not the attempt's.
    const later = await secondStep(await passwordStep(person.email), 'verify-totp', await freshCode(person.key, person.used));
    expect(later.statusCode).toBe(429);
  });

  it('removes an authenticator app with the password, after which sign-in has one step again', async () => {
    const person = await enrolledPerson('org_admin');
    const refused = await call(person.cookie, 'DELETE', `/api/factors/${person.factor.id}`, { password: 'wrong-password-1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ password: messages.wrongPassword });
    const removed = await call(person.cookie, 'DELETE', `/api/factors/${person.factor.id}`, { password: personPassword });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await passwordStep(person.email)).json().twoFactorRedirect).toBeUndefined();
    expect((await call(cookiesOf(removed), 'GET', '/api/factors')).json().items).toEqual([]);
    const missing = await call(cookiesOf(removed), 'DELETE', `/api/factors/${person.factor.id}`, { password: personPassword });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(accountMessages.factorNotFound);
  });

  it('holds a super admin at Account security until an authenticator app is set up, and keeps it', async () => {
    const email = `new-super.${Date.now()}@second-step.test`;
    const skylogId = await s.addPerson('superadmin@skyline.test', { email, name: 'New Super', user_type: 'super_admin', org_id: null });
    const cookie = await t.signIn(email, personPassword);
    expect((await call(cookie, 'GET', '/api/me')).json()).toMatchObject({
      skylog_id: skylogId,
      two_factor_enabled: false,
      two_factor_setup_required: true,
    });
    for (const [method, url] of [
      ['GET', '/api/trips'],
      ['GET', '/api/users'],
      ['GET', '/api/audit-log'],
      ['POST', '/api/access-tokens'],
    ] as const) {
      const held = await call(cookie, method, url, method === 'POST' ? { name: 'x' } : undefined);
      expect(held.statusCode, `${method} ${url}`).toBe(403);
      expect(held.json().message).toBe(accountMessages.twoFactorSetupRequired);
    }
    expect((await call(cookie, 'GET', '/api/factors')).json().is_required).toBe(true);

    const factor = totpFactorCreatedSchema.parse(
      (await call(cookie, 'POST', '/api/factors', { friendly_name: 'Phone', factor_type: 'totp', password: personPassword })).json(),
    );
    const verified = await call(cookie, 'POST', `/api/factors/${factor.id}/verify`, { code: totpCode(factor.secret) });
    expect(verified.statusCode, verified.body).toBe(200);
    const renewed = cookiesOf(verified);
    expect((await call(renewed, 'GET', '/api/trips')).statusCode).toBe(200);
    expect((await call(renewed, 'GET', '/api/me')).json().two_factor_setup_required).toBe(false);

    const removal = await call(renewed, 'DELETE', `/api/factors/${factor.id}`, { password: personPassword });
    expect(removal.statusCode).toBe(400);
    expect(removal.json().message).toBe(accountMessages.factorRequired);
    expect((await call(renewed, 'GET', '/api/factors')).json().items).toHaveLength(1);
  });

  it("lets an org admin require an authenticator app of the organization's administrators, and holds those without one", async () => {
    const policyUrl = `/api/orgs/${school.orgId}/sign-in-policy`;
    const secondary = await school.addPerson('admin_secondary');
    const instructor = await school.addPerson('instructor');
    const subOrgAdmin = await school.addPerson('sub_org_admin', { subOrgId: await school.addSubOrg('Policy Ramp') });
    expect((await s.call(school.owner, 'GET', policyUrl)).json()).toEqual({ require_admin_two_factor: false });
    // Signed in before the change: the change must reach sessions already held in memory.
    expect((await s.call(secondary.email, 'GET', '/api/users')).statusCode).toBe(200);

    // Whoever turns it on must have an app themselves.
    const ownFirst = await s.call(school.owner, 'PUT', policyUrl, { require_admin_two_factor: true });
    expect(ownFirst.statusCode).toBe(400);
    expect(ownFirst.json().fields).toEqual({ require_admin_two_factor: accountMessages.signInPolicyNeedsOwnFactor });
    const enrolled = await enrolledPerson('org_admin');
    const turnedOn = await call(enrolled.cookie, 'PUT', policyUrl, { require_admin_two_factor: true });
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);

    // Administrators without an app are held; an instructor is not; the one who has an app goes on.
    for (const admin of [secondary, subOrgAdmin]) {
      const held = await s.call(admin.email, 'GET', '/api/users');
      expect(held.statusCode, admin.email).toBe(403);
      expect(held.json().message).toBe(accountMessages.twoFactorSetupRequired);
      expect((await s.call(admin.email, 'GET', '/api/me')).json().two_factor_setup_required).toBe(true);
    }
    expect((await s.call(instructor.email, 'GET', '/api/trips')).statusCode).toBe(200);
    expect((await call(enrolled.cookie, 'GET', '/api/users')).statusCode).toBe(200);
    const removal = await call(enrolled.cookie, 'DELETE', `/api/factors/${enrolled.factor.id}`, { password: personPassword });
    expect(removal.statusCode).toBe(400);
    expect(removal.json().message).toBe(accountMessages.factorRequired);

    // Other roles and other organizations cannot read or change it.
    expect((await s.call(instructor.email, 'PUT', policyUrl, { require_admin_two_factor: false })).statusCode).toBe(403);
    const other = await createSchool(t, s, 'Another Policy School');
    expect((await s.call(other.owner, 'GET', policyUrl)).statusCode).toBe(404);

    expect((await call(enrolled.cookie, 'PUT', policyUrl, { require_admin_two_factor: false })).statusCode).toBe(200);
    expect((await s.call(secondary.email, 'GET', '/api/users')).statusCode).toBe(200);
    const audit = auditListSchema.parse((await call(enrolled.cookie, 'GET', `/api/audit-log?action=orgs.update-sign-in-policy`)).json()).items;
    expect(audit.map((entry) => entry.details?.requireAdminTwoFactor)).toEqual(expect.arrayContaining([true, false]));
  });

  it("ends a person's deactivated account at the second step too", async () => {
    const person = await enrolledPerson('student');
    expect((await s.call(school.owner, 'POST', `/api/users/${person.id}/deactivate`)).statusCode).toBe(200);
    const challenge = await passwordStep(person.email);
    expect(challenge.statusCode).toBe(403);
    expect(challenge.json().message).toBe(messages.accountDeactivated);
    expect(challenge.cookies.filter((cookie) => cookie.value)).toEqual([]);
  });

  it('writes each password change, and each refused one, to the audit log', async () => {
    const person = await school.addPerson('student');
    const cookie = await t.signIn(person.email, personPassword);
    const change = (currentPassword: string) =>
      call(cookie, 'POST', '/api/auth/change-password', { currentPassword, newPassword: 'a-new-password-22' });
    const refused = await change('not-my-password');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ currentPassword: messages.wrongPassword });
    expect((await change(personPassword)).statusCode).toBe(200);
    const audit = auditListSchema.parse(
      (await s.call(school.owner, 'GET', `/api/audit-log?user_id=${person.id}&action=auth.change-password`)).json(),
    ).items;
    expect(audit.map((entry) => entry.status).sort()).toEqual(['failure', 'success']);
  });

  describe('sessions', () => {
    it('lists where the person is signed in, signs out one other session, then everywhere else', async () => {
      const person = await school.addPerson('instructor');
      const signIn = (userAgent: string) =>
        t.app
          .inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            headers: { origin: appOrigin, 'user-agent': userAgent },
            payload: { email: person.email, password: personPassword },
            remoteAddress: nextClientIp(),
          })
          .then(cookiesOf);
      const laptop = await signIn('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0');
      const phone = await signIn(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
      );
      const tablet = await signIn('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Safari/537.36');

      const listed = sessionListSchema.parse((await call(laptop, 'GET', '/api/sessions')).json()).items;
      expect(listed).toHaveLength(3);
      expect(listed.find((session) => session.is_current)?.device).toBe('Firefox on Windows');
      expect(listed.map((session) => session.device).sort()).toEqual(['Chrome on Android', 'Firefox on Windows', 'Safari on iOS']);
      expect(JSON.stringify(listed)).not.toMatch(/token/i);

      const phoneSession = listed.find((session) => session.device === 'Safari on iOS')!;
      expect((await call(laptop, 'DELETE', `/api/sessions/${phoneSession.id}`)).statusCode).toBe(204);
      expect((await call(phone, 'GET', '/api/me')).statusCode).toBe(401);
      expect((await call(tablet, 'GET', '/api/me')).statusCode).toBe(200);

      const current = listed.find((session) => session.is_current)!;
      const own = await call(laptop, 'DELETE', `/api/sessions/${current.id}`);
      expect(own.statusCode).toBe(400);
      expect(own.json().message).toBe(accountMessages.currentSessionNotHere);

      // Someone else's session is not found, and stays.
      const other = await school.addPerson('student');
      const otherCookie = await t.signIn(other.email, personPassword);
      const otherId = sessionListSchema.parse((await call(otherCookie, 'GET', '/api/sessions')).json()).items[0]!.id;
      expect((await call(laptop, 'DELETE', `/api/sessions/${otherId}`)).statusCode).toBe(404);
      expect((await call(otherCookie, 'GET', '/api/me')).statusCode).toBe(200);

      expect((await call(laptop, 'POST', '/api/sessions/revoke-others')).statusCode).toBe(204);
      expect((await call(tablet, 'GET', '/api/me')).statusCode).toBe(401);
      expect((await call(laptop, 'GET', '/api/me')).statusCode).toBe(200);
      expect(sessionListSchema.parse((await call(laptop, 'GET', '/api/sessions')).json()).items).toHaveLength(1);

      const actions = auditListSchema
        .parse((await s.call(school.owner, 'GET', `/api/audit-log?user_id=${person.id}`)).json())
        .items.map((entry) => entry.action);
      expect(actions).toEqual(expect.arrayContaining(['sessions.revoke', 'sessions.revoke-others']));
    });
  });
});
