import path from 'node:path';
import {
  accountMessages,
  auditListSchema,
  factorChallengeSentSchema,
  factorListSchema,
  limits,
  phoneCodesRateLimitedMessage,
  secondStepSchema,
  totpFactorCreatedSchema,
  twoFactorLockedMessage,
} from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSmsOutbox } from '../src/integrations/sms/outbox-sender.ts';
import { createSchool, type School } from './factories.ts';
import { cookiesOf, createTestApp, nextClientIp, type TestApp } from './helper.ts';
import { personPassword, sessions } from './people-helper.ts';
import { keyOfTotpUri, totpCode } from './support/totp.ts';
import { startTwilioApi } from './support/twilio-api.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A phone as a second factor, its code sent by text message (the outbox offline, Twilio's API when configured). */
describe('a phone for sign-in codes', () => {
  let t: TestApp;
  const s = sessions(() => t);
  let school: School;
  let phoneCount = 0;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    school = await createSchool(t, s, 'Text Message Flying Club');
  });
  afterAll(async () => t.close());

  const call = (cookie: string, method: Method, url: string, payload?: object) =>
    t.request({ method, url, cookie, remoteAddress: nextClientIp(), ...(payload ? { payload } : {}) });

  const passwordStep = (email: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: personPassword },
      remoteAddress: nextClientIp(),
    });

  /** A new UK mobile number as a person would type it, and as it is kept (E.164). */
  function newNumber() {
    phoneCount += 1;
    const digits = String(900000 + phoneCount);
    return { typed: `+44 7700 ${digits.slice(0, 3)}-${digits.slice(3)}`, e164: `+447700${digits}` };
  }

  /** The code in the newest text message to `to`, from the offline outbox. */
  async function textedCode(to: string): Promise<string> {
    const texts = (await readSmsOutbox(path.join(t.dataDir, 'outbox', 'sms'))).filter((text) => text.to === to);
    const code = /\b(\d{6})\b/.exec(texts.at(-1)?.text ?? '')?.[1];
    if (!code) throw new Error(`no code was texted to ${to}`);
    return code;
  }
  const otherCode = (code: string) => String((Number(code) + 1) % 10 ** limits.totpDigits).padStart(limits.totpDigits, '0');

  /** A person of the school who confirmed a phone: their session cookie, the factor and the number. */
  async function personWithPhone(role: 'org_admin' | 'instructor' = 'instructor') {
    const person = await school.addPerson(role);
    const cookie = await t.signIn(person.email, personPassword);
    const number = newNumber();
    const created = await call(cookie, 'POST', '/api/factors', {
      friendly_name: 'Work mobile',
      factor_type: 'phone',
      phone: number.typed,
      password: personPassword,
    });
    expect(created.statusCode, created.body).toBe(201);
    const factorId = created.json().id as string;
    const sent = factorChallengeSentSchema.parse(
      (await call(cookie, 'POST', `/api/factors/${factorId}/challenge`, { channel: 'sms' })).json(),
    );
    const confirmed = await call(cookie, 'POST', `/api/factors/${factorId}/verify`, {
      code: await textedCode(number.e164),
      challenge_id: sent.challenge_id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { ...person, cookie, factorId, number };
  }

  /** The password, then a texted code: the new session's cookie. */
  async function signInByText(email: string, to: string): Promise<string> {
    const pending = cookiesOf(await passwordStep(email));
    expect((await call(pending, 'POST', '/api/auth/two-factor/send-otp', {})).statusCode).toBe(200);
    const signedIn = await call(pending, 'POST', '/api/auth/two-factor/verify-otp', { code: await textedCode(to) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return cookiesOf(signedIn);
  }

  it('adds a phone: the password, a code by text message, the right code confirms it; sign-in then asks for a texted code', async () => {
    const person = await school.addPerson('instructor');
    const cookie = await t.signIn(person.email, personPassword);
    const number = newNumber();
    const created = await call(cookie, 'POST', '/api/factors', {
      friendly_name: 'Work mobile',
      factor_type: 'phone',
      phone: number.typed,
      password: personPassword,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      factor_type: 'phone',
      status: 'unverified',
      phone_hint: `•••• ${number.e164.slice(-4)}`,
      friendly_name: 'Work mobile',
    });
    const factorId = created.json().id as string;

    // Confirming needs the challenge it answers.
    const noChallenge = await call(cookie, 'POST', `/api/factors/${factorId}/verify`, { code: '123456' });
    expect(noChallenge.statusCode).toBe(400);
    expect(noChallenge.json().fields).toEqual({ challenge_id: accountMessages.phoneChallengeNeeded });

    const challenged = await call(cookie, 'POST', `/api/factors/${factorId}/challenge`, { channel: 'sms' });
    expect(challenged.statusCode, challenged.body).toBe(201);
    const sent = factorChallengeSentSchema.parse(challenged.json());
    expect(sent).toMatchObject({ channel: 'sms', sent_to: `•••• ${number.e164.slice(-4)}` });
    const code = await textedCode(number.e164);

    const wrong = await call(cookie, 'POST', `/api/factors/${factorId}/verify`, { code: otherCode(code), challenge_id: sent.challenge_id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ code: accountMessages.phoneCodeWrong });
    const confirmed = await call(cookie, 'POST', `/api/factors/${factorId}/verify`, { code, challenge_id: sent.challenge_id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(factorListSchema.parse(confirmed.json()).items).toEqual([
      expect.objectContaining({ id: factorId, factor_type: 'phone', status: 'verified' }),
    ]);
    // A used challenge is gone.
    expect((await call(cookie, 'POST', `/api/factors/${factorId}/verify`, { code, challenge_id: sent.challenge_id })).statusCode).toBe(409);

    // Sign-in: the password gives no session, only the ways to finish.
    const pending = await passwordStep(person.email);
    expect(pending.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['phone'] });
    expect((await call(cookiesOf(pending), 'GET', '/api/me')).statusCode).toBe(401);
    const ways = await call(cookiesOf(pending), 'GET', '/api/sign-in/second-step');
    expect(secondStepSchema.parse(ways.json())).toEqual({ methods: ['phone'], phone_hint: `•••• ${number.e164.slice(-4)}` });

    expect((await call(cookiesOf(pending), 'POST', '/api/auth/two-factor/send-otp', {})).statusCode).toBe(200);
    const signInCode = await textedCode(number.e164);
    const wrongAtSignIn = await call(cookiesOf(pending), 'POST', '/api/auth/two-factor/verify-otp', { code: otherCode(signInCode) });
    expect(wrongAtSignIn.statusCode).toBe(400);
    expect(wrongAtSignIn.json().message).toBe(accountMessages.phoneCodeWrong);
    const signedIn = await call(cookiesOf(pending), 'POST', '/api/auth/two-factor/verify-otp', { code: signInCode });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().token).toBeUndefined();
    expect((await call(cookiesOf(signedIn), 'GET', '/api/me')).json().email).toBe(person.email);
    // The code was taken: it does not sign in again.
    expect((await call(cookiesOf(pending), 'POST', '/api/auth/two-factor/verify-otp', { code: signInCode })).statusCode).not.toBe(200);

    const audit = auditListSchema.parse((await s.call(school.owner, 'GET', `/api/audit-log?user_id=${person.id}`)).json()).items;
    expect(audit.map((entry) => [entry.action, entry.status, entry.details?.factorType ?? entry.details?.step ?? null])).toEqual(
      expect.arrayContaining([
        ['factors.create', 'success', 'phone'],
        ['factors.challenge', 'success', null],
        ['factors.verify', 'failure', 'phone'],
        ['factors.verify', 'success', 'phone'],
        ['auth.sign-in', 'success', 'phone'],
        ['auth.sign-in', 'failure', 'phone'],
      ]),
    );
  });

  it('refuses a number without its country code, a second phone, a challenge for an authenticator app, and a sign-in code nobody asked for', async () => {
    const person = await personWithPhone();
    const typedLocally = await call(person.cookie, 'POST', '/api/factors', {
      friendly_name: 'Home',
      factor_type: 'phone',
      phone: '07700 900123',
      password: personPassword,
    });
    expect(typedLocally.statusCode).toBe(400);
    expect(typedLocally.json().fields).toEqual({ phone: accountMessages.phoneInvalid });
    const second = await call(person.cookie, 'POST', '/api/factors', {
      friendly_name: 'Home',
      factor_type: 'phone',
      phone: newNumber().typed,
      password: personPassword,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(accountMessages.phoneAlreadyEnrolled);
    const unknownKind = await call(person.cookie, 'POST', '/api/factors', {
      friendly_name: 'Fax',
      factor_type: 'fax',
      password: personPassword,
    });
    expect(unknownKind.statusCode).toBe(400);
    expect(Object.keys(unknownKind.json().fields ?? {})).toContain('factor_type');

    const app = await call(person.cookie, 'POST', '/api/factors', {
      friendly_name: 'Authenticator',
      factor_type: 'totp',
      password: personPassword,
    });
    expect(app.statusCode, app.body).toBe(201);
    const appChallenge = await call(person.cookie, 'POST', `/api/factors/${app.json().id}/challenge`, { channel: 'sms' });
    expect(appChallenge.statusCode).toBe(400);
    expect(appChallenge.json().message).toBe(accountMessages.authenticatorNeedsNoChallenge);

    // With a session but no pending sign-in, no code is sent (it would text someone unasked).
    const unasked = await call(person.cookie, 'POST', '/api/auth/two-factor/send-otp', {});
    expect(unasked.statusCode).toBe(401);
    expect(unasked.json().message).toBe(accountMessages.twoFactorStepExpired);
    // Someone else's factor is not found.
    const stranger = await personWithPhone();
    expect((await call(stranger.cookie, 'POST', `/api/factors/${person.factorId}/challenge`, {})).statusCode).toBe(404);
  });

  it('sends a phone at most a few codes per quarter hour, and makes the account wait after five wrong sign-in codes', async () => {
    const person = await school.addPerson('instructor');
    const cookie = await t.signIn(person.email, personPassword);
    const number = newNumber();
    const factorId = (
      await call(cookie, 'POST', '/api/factors', {
        friendly_name: 'Mobile',
        factor_type: 'phone',
        phone: number.typed,
        password: personPassword,
      })
    ).json().id;
    let challengeId = '';
    for (let sent = 0; sent < limits.phoneCodesPerWindow; sent += 1) {
      const challenged = await call(cookie, 'POST', `/api/factors/${factorId}/challenge`, {});
      expect(challenged.statusCode, challenged.body).toBe(201);
      challengeId = challenged.json().challenge_id;
    }
    const tooMany = await call(cookie, 'POST', `/api/factors/${factorId}/challenge`, {});
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe(phoneCodesRateLimitedMessage(limits.phoneCodeWindowMinutes));
    // Only the newest code stands; five wrong tries use it up.
    const code = await textedCode(number.e164);
    for (let tries = 0; tries < limits.twoFactorMaxFailures; tries += 1) {
      expect(
        (await call(cookie, 'POST', `/api/factors/${factorId}/verify`, { code: otherCode(code), challenge_id: challengeId })).json()
          .message,
      ).toBe(accountMessages.phoneCodeWrong);
    }
    const usedUp = await call(cookie, 'POST', `/api/factors/${factorId}/verify`, { code, challenge_id: challengeId });
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json().message).toBe(accountMessages.phoneCodeTooManyTries);

    const other = await personWithPhone();
    const pending = cookiesOf(await passwordStep(other.email));
    expect((await call(pending, 'POST', '/api/auth/two-factor/send-otp', {})).statusCode).toBe(200);
    const signInCode = await textedCode(other.number.e164);
    for (let tries = 0; tries < limits.twoFactorMaxFailures; tries += 1) {
      expect((await call(pending, 'POST', '/api/auth/two-factor/verify-otp', { code: otherCode(signInCode) })).statusCode).toBe(400);
    }
    const locked = await call(pending, 'POST', '/api/auth/two-factor/verify-otp', { code: signInCode });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(twoFactorLockedMessage(limits.twoFactorLockMinutes));
    // A new sign-in waits too, and no text is sent meanwhile.
    const again = cookiesOf(await passwordStep(other.email));
    const noText = await call(again, 'POST', '/api/auth/two-factor/send-otp', {});
    expect(noText.statusCode).toBe(429);
  });

  it('does not count a phone toward a required authenticator app, and keeps asking for the phone once the app is removed', async () => {
    const admin = await personWithPhone('org_admin');
    // A phone alone signs in...
    const cookie = await signInByText(admin.email, admin.number.e164);
    // ...but an organization's requirement (like a super admin's) is an authenticator app.
    const policy = await call(cookie, 'PUT', `/api/orgs/${school.orgId}/sign-in-policy`, { require_admin_two_factor: true });
    expect(policy.statusCode).toBe(400);
    expect(policy.json().fields).toEqual({ require_admin_two_factor: accountMessages.signInPolicyNeedsOwnFactor });
    // Confirming an app as well changes no session token (sign-in already asked for a second step): the
    // session held in memory must still learn of it.
    const added = totpFactorCreatedSchema.parse(
      (
        await call(cookie, 'POST', '/api/factors', { friendly_name: 'Authenticator', factor_type: 'totp', password: personPassword })
      ).json(),
    );
    const appConfirmed = await call(cookie, 'POST', `/api/factors/${added.id}/verify`, { code: totpCode(keyOfTotpUri(added.totp_uri)) });
    expect(appConfirmed.statusCode, appConfirmed.body).toBe(200);
    expect((await call(cookie, 'PUT', `/api/orgs/${school.orgId}/sign-in-policy`, { require_admin_two_factor: true })).statusCode).toBe(
      200,
    );
    expect((await call(cookie, 'PUT', `/api/orgs/${school.orgId}/sign-in-policy`, { require_admin_two_factor: false })).statusCode).toBe(
      200,
    );

    const person = await personWithPhone();
    const app = await call(person.cookie, 'POST', '/api/factors', {
      friendly_name: 'Authenticator',
      factor_type: 'totp',
      password: personPassword,
    });
    expect(app.statusCode, app.body).toBe(201);
    // Removing the (unconfirmed) app leaves the phone; removing the phone ends the second step.
    expect((await call(person.cookie, 'DELETE', `/api/factors/${app.json().id}`, { password: personPassword })).statusCode).toBe(204);
    expect((await passwordStep(person.email)).json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['phone'] });
    const wrongPassword = await call(person.cookie, 'DELETE', `/api/factors/${person.factorId}`, { password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect((await call(person.cookie, 'DELETE', `/api/factors/${person.factorId}`, { password: personPassword })).statusCode).toBe(204);
    const oneStep = await passwordStep(person.email);
    expect(oneStep.statusCode).toBe(200);
    expect(oneStep.json().twoFactorRedirect).toBeUndefined();
    expect(factorListSchema.parse((await call(cookiesOf(oneStep), 'GET', '/api/factors')).json()).items).toEqual([]);
  });
});

describe('text messages through a Twilio-compatible API', () => {
  const credentials = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'twilio-auth-token' };
  let twilio: Awaited<ReturnType<typeof startTwilioApi>>;
  let t: TestApp;
  const s = sessions(() => t);
  let school: School;

  beforeAll(async () => {
    twilio = await startTwilioApi(credentials);
    t = await createTestApp({
      seed: false,
      env: {
        SMS_ACCOUNT_SID: credentials.accountSid,
        SMS_AUTH_TOKEN: credentials.authToken,
        SMS_FROM: '+15005550006',
        SMS_API_URL: twilio.url,
      },
    });
    school = await createSchool(t, s, 'Twilio Texting Aero');
  });
  afterAll(async () => {
    await t?.close();
    await twilio?.close();
  });

  it('sends the code from the configured number, and says so plainly when the provider refuses', async () => {
    const person = await school.addPerson('student');
    const cookie = await t.signIn(person.email, personPassword);
    const call = (method: Method, url: string, payload: object) =>
      t.request({ method, url, cookie, payload, remoteAddress: nextClientIp() });
    const factorId = (
      await call('POST', '/api/factors', {
        friendly_name: 'Mobile',
        factor_type: 'phone',
        phone: '+1 (415) 555-0142',
        password: personPassword,
      })
    ).json().id;

    twilio.refuse({ status: 400, code: 21211, message: "The 'To' number +14155550142 is not a valid phone number." });
    const refused = await call('POST', `/api/factors/${factorId}/challenge`, {});
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'provider_unavailable', message: accountMessages.smsNotSent });
    expect(twilio.received).toEqual([]);

    twilio.refuse(null);
    const sent = await call('POST', `/api/factors/${factorId}/challenge`, {});
    expect(sent.statusCode, sent.body).toBe(201);
    expect(twilio.received).toEqual([
      expect.objectContaining({ accountSid: credentials.accountSid, to: '+14155550142', from: '+15005550006' }),
    ]);
    const code = /\b(\d{6})\b/.exec(twilio.received[0]!.body)![1]!;
    const confirmed = await call('POST', `/api/factors/${factorId}/verify`, { code, challenge_id: sent.json().challenge_id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Nothing went to the offline outbox.
    expect(await readSmsOutbox(path.join(t.dataDir, 'outbox', 'sms'))).toEqual([]);
  });
});
