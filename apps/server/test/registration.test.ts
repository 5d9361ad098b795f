import { invitationCreatedSchema, invitationPreviewSchema, meSchema, orgListSchema } from '@skylog/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, users } from '../src/db/schema/index.ts';
import { createTestApp, nextClientIp, tokenFromOutbox, type TestApp } from './helper.ts';

const invitationInvalid = 'This invitation link is invalid or has expired. Ask your administrator for a new one.';
const emailTaken = 'An account with this e-mail address already exists.';

describe('invitations and school registration', () => {
  let t: TestApp;
  const cookies = new Map<string, string>();

  async function as(email: string): Promise<string> {
    if (!cookies.has(email)) cookies.set(email, await t.signIn(email));
    return cookies.get(email)!;
  }

  const invite = async (inviter: string, payload: object) =>
    t.request({ method: 'POST', url: '/api/invitations', cookie: await as(inviter), payload });

  async function meOf(email: string, password: string) {
    const response = await t.request({ method: 'GET', url: '/api/me', cookie: await t.signIn(email, password) });
    expect(response.statusCode).toBe(200);
    return meSchema.parse(response.json());
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  describe('by invitation', () => {
    const email = 'new.instructor@skyline.test';
    const password = 'instructor-password-1';
    let token: string;

    it('an org_admin invites an instructor: 201 and an e-mail with a /auth/user-registration link', async () => {
      const response = await invite('orgadmin@skyline.test', { email, user_type: 'instructor' });
      expect(response.statusCode).toBe(201);
      const body = invitationCreatedSchema.parse(response.json());
      expect(body.email).toBe(email);
      const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);

      const mail = (await t.outbox()).filter((entry) => entry.to === email).at(-1);
      expect(mail?.text).toContain('http://localhost:3000/auth/user-registration?token=');
      expect(mail?.text).toContain('Skyline Flight Academy');
      token = await tokenFromOutbox(t, email, '/auth/user-registration');
    });

    it('the link tells, without a session, who is invited and as what', async () => {
      const response = await t.request({ method: 'GET', url: `/api/registration/invitations/${encodeURIComponent(token)}` });
      expect(response.statusCode).toBe(200);
      expect(invitationPreviewSchema.parse(response.json())).toEqual({
        email,
        user_type: 'instructor',
        role_label: 'Instructor',
        org_name: 'Skyline Flight Academy',
      });
    });

    it('refuses a short password without using up the invitation', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/registration/accept',
        payload: { token, name: 'Ivy New', password: 'short' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.password).toBe('Password must be at least 10 characters');
      expect((await t.request({ method: 'GET', url: `/api/registration/invitations/${encodeURIComponent(token)}` })).statusCode).toBe(200);
    });

    it('accepting creates the account: 201, then sign-in works and /api/me shows the organization and role', async () => {
      const response = await t.request({ method: 'POST', url: '/api/registration/accept', payload: { token, name: 'Ivy New', password } });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ email });
      expect(typeof response.json().skylog_id).toBe('string');

      const me = await meOf(email, password);
      expect(me).toMatchObject({
        skylog_id: response.json().skylog_id,
        email,
        name: 'Ivy New',
        user_type: 'instructor',
        role_label: 'Instructor',
        email_verified: true,
        org: { name: 'Skyline Flight Academy' },
      });
    });

    it('the same link cannot be used twice', async () => {
      const accept = await t.request({
        method: 'POST',
        url: '/api/registration/accept',
        payload: { token, name: 'Second Try', password: 'another-password-1' },
      });
      expect(accept.statusCode).toBe(404);
      expect(accept.json()).toEqual({ status: 404, code: 'not_found', message: invitationInvalid });

      const preview = await t.request({ method: 'GET', url: `/api/registration/invitations/${encodeURIComponent(token)}` });
      expect(preview.statusCode).toBe(404);
      expect(preview.json().message).toBe(invitationInvalid);

      // The first password still holds.
      expect((await meOf(email, password)).name).toBe('Ivy New');
    });

    it('an unknown token answers the same 404', async () => {
      const preview = await t.request({ method: 'GET', url: '/api/registration/invitations/not-a-real-token' });
      expect(preview.statusCode).toBe(404);
      expect(preview.json().message).toBe(invitationInvalid);
      const accept = await t.request({
        method: 'POST',
        url: '/api/registration/accept',
        payload: { token: 'not-a-real-token', name: 'Nobody', password: 'nobody-password-1' },
      });
      expect(accept.statusCode).toBe(404);
      expect(accept.json().message).toBe(invitationInvalid);
    });

    it('a sub_org_admin’s invitee joins the inviter’s sub-organization', async () => {
      const inviteeEmail = 'north.student@skyline.test';
      const response = await invite('suborgadmin@skyline.test', { email: inviteeEmail, user_type: 'student' });
      expect(response.statusCode).toBe(201);
      const inviteeToken = await tokenFromOutbox(t, inviteeEmail, '/auth/user-registration');
      const accepted = await t.request({
        method: 'POST',
        url: '/api/registration/accept',
        payload: { token: inviteeToken, name: 'Nell North', password: 'north-password-1' },
      });
      expect(accepted.statusCode).toBe(201);
      const me = await meOf(inviteeEmail, 'north-password-1');
      expect(me).toMatchObject({
        user_type: 'student',
        role_label: 'Student',
        sub_org: { name: 'North Field' },
        org: { name: 'Skyline Flight Academy' },
      });
    });

    it('a link cannot be accepted twice even at the same moment', async () => {
      const inviteeEmail = 'race@skyline.test';
      expect((await invite('orgadmin@skyline.test', { email: inviteeEmail, user_type: 'student' })).statusCode).toBe(201);
      const raceToken = await tokenFromOutbox(t, inviteeEmail, '/auth/user-registration');
      const responses = await Promise.all(
        [1, 2, 3].map((n) =>
          t.request({
            method: 'POST',
            url: '/api/registration/accept',
            payload: { token: raceToken, name: `Racer ${n}`, password: `race-password-${n}` },
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 404, 404]);
      expect(await t.ctx.db.select().from(users).where(eq(users.email, inviteeEmail))).toHaveLength(1);
    });

    it('an expired link answers 404 with the invitation message', async () => {
      const inviteeEmail = 'late@skyline.test';
      expect((await invite('orgadmin@skyline.test', { email: inviteeEmail, user_type: 'student' })).statusCode).toBe(201);
      const lateToken = await tokenFromOutbox(t, inviteeEmail, '/auth/user-registration');
      await t.ctx.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.email, inviteeEmail));
      const preview = await t.request({ method: 'GET', url: `/api/registration/invitations/${encodeURIComponent(lateToken)}` });
      expect(preview.statusCode).toBe(404);
      expect(preview.json().message).toBe(invitationInvalid);
      const accept = await t.request({
        method: 'POST',
        url: '/api/registration/accept',
        payload: { token: lateToken, name: 'Late Larry', password: 'late-password-1' },
      });
      expect(accept.statusCode).toBe(404);
      expect(accept.json().message).toBe(invitationInvalid);
    });

    it('an org_admin naming another organization is refused (404 fields.org_id), not silently invited at home', async () => {
      const harborId = (await t.request({ method: 'GET', url: '/api/me', cookie: await as('admin@harbor.test') })).json().org_id;
      const inviteeEmail = 'smuggled@skyline.test';
      const response = await invite('orgadmin@skyline.test', { email: inviteeEmail, user_type: 'student', org_id: harborId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found', fields: { org_id: 'Organization not found' } });
      expect((await t.outbox()).some((mail) => mail.to === inviteeEmail)).toBe(false);
    });

    it('a sub-organization of another organization is refused with 404 fields.sub_org_id', async () => {
      const skylineSubOrg = (await t.request({ method: 'GET', url: '/api/me', cookie: await as('suborgadmin@skyline.test') })).json()
        .sub_org_id;
      const response = await invite('admin@harbor.test', {
        email: 'crossing@harbor.test',
        user_type: 'student',
        sub_org_id: skylineSubOrg,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().fields).toHaveProperty('sub_org_id');
      expect((await t.outbox()).some((mail) => mail.to === 'crossing@harbor.test')).toBe(false);
    });

    it('a sub-organization admin role needs a sub-organization (400 fields.sub_org_id)', async () => {
      const response = await invite('orgadmin@skyline.test', { email: 'lonely.suborgadmin@skyline.test', user_type: 'sub_org_admin' });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ sub_org_id: 'Sub-organization admins need a sub-organization: assign one first.' });
    });

    it('stores the invited address in lower case', async () => {
      const response = await invite('orgadmin@skyline.test', { email: 'Mixed.Case@Skyline.Test', user_type: 'student' });
      expect(response.statusCode).toBe(201);
      expect(response.json().email).toBe('mixed.case@skyline.test');
    });
  });

  describe('who may invite whom', () => {
    it('an org_admin may not invite a super_admin: 403', async () => {
      const response = await invite('orgadmin@skyline.test', { email: 'wannabe@skyline.test', user_type: 'super_admin' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await t.outbox()).filter((entry) => entry.to === 'wannabe@skyline.test')).toHaveLength(0);
    });

    it('a sub_org_admin may not invite an org_admin: 403', async () => {
      const response = await invite('suborgadmin@skyline.test', { email: 'wannabe2@skyline.test', user_type: 'org_admin' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    });

    it('an existing address answers 409', async () => {
      for (const email of ['student@skyline.test', 'STUDENT@skyline.test']) {
        const response = await invite('orgadmin@skyline.test', { email, user_type: 'student' });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ status: 409, code: 'conflict', message: emailTaken, fields: { email: emailTaken } });
      }
    });

    it('an invalid address answers 400 with fields.email', async () => {
      const response = await invite('orgadmin@skyline.test', { email: 'not-an-email', user_type: 'student' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'validation_error' });
      expect(response.json().fields.email).toBe('Enter a valid e-mail address');
    });

    it('an unknown role answers 400 with fields.user_type', async () => {
      const response = await invite('orgadmin@skyline.test', { email: 'someone@skyline.test', user_type: 'admin' });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('user_type');
    });

    it('students may not invite: 403 with the permission message (instructors add students: instructor-edits.test.ts)', async () => {
      for (const inviter of ['student@skyline.test']) {
        const response = await invite(inviter, { email: 'friend@skyline.test', user_type: 'student' });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ status: 403, code: 'forbidden', message: "You don't have permission to access this page" });
      }
      expect((await t.outbox()).filter((entry) => entry.to === 'friend@skyline.test')).toHaveLength(0);
    });

    it('without a session: 401', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/invitations',
        payload: { email: 'friend@skyline.test', user_type: 'student' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('school registration', () => {
    const email = 'owner@blue-sky.test';
    const password = 'blue-sky-password-1';
    let orgId: string;

    it('creates the organization and its org_admin: 202 with the e-mail only (no ids, so nothing tells it apart from a known address)', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/registration/school',
        payload: { school_name: 'Blue Sky Aviation', name: 'Bea Owner', email, password },
      });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ email });
    });

    it('after the e-mail is confirmed, /api/me shows org_admin of the new school', async () => {
      const token = await tokenFromOutbox(t, email, '/auth/confirm');
      expect((await t.request({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` })).statusCode).toBe(200);
      const cookie = await t.signIn(email, password);
      const me = meSchema.parse((await t.request({ method: 'GET', url: '/api/me', cookie })).json());
      orgId = me.org_id!;
      expect(me).toMatchObject({
        user_type: 'org_admin',
        role_label: 'Org Admin',
        name: 'Bea Owner',
        org_id: orgId,
        org: { id: orgId, name: 'Blue Sky Aviation' },
        email_verified: true,
      });
      // The new admin sees their school only, not the demo schools.
      const orgs = orgListSchema.parse((await t.request({ method: 'GET', url: '/api/orgs', cookie })).json());
      expect(orgs).toEqual({ items: [{ id: orgId, name: 'Blue Sky Aviation' }], total: 1 });
    });

    it('the new school’s admin invites into the new school', async () => {
      const cookie = await t.signIn(email, password);
      const inviteeEmail = 'first.student@blue-sky.test';
      const response = await t.request({
        method: 'POST',
        url: '/api/invitations',
        cookie,
        payload: { email: inviteeEmail, user_type: 'student' },
      });
      expect(response.statusCode).toBe(201);
      const token = await tokenFromOutbox(t, inviteeEmail, '/auth/user-registration');
      const preview = await t.request({ method: 'GET', url: `/api/registration/invitations/${encodeURIComponent(token)}` });
      expect(preview.json()).toMatchObject({ org_name: 'Blue Sky Aviation', role_label: 'Student' });
    });

    it('refuses a short password with 400 fields.password and creates nothing', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/registration/school',
        payload: { school_name: 'Tiny School', name: 'Tim Tiny', email: 'tim@tiny.test', password: 'short' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'validation_error' });
      expect(response.json().fields.password).toBe('Password must be at least 10 characters');
      const signIn = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'tim@tiny.test', password: 'short' },
        remoteAddress: nextClientIp(),
      });
      expect(signIn.statusCode).toBe(401);
    });

    it('limits one address to 5 registrations an hour: the sixth answers 429 and creates nothing', async () => {
      const address = nextClientIp();
      const register = (n: number) =>
        t.request({
          method: 'POST',
          url: '/api/registration/school',
          payload: { school_name: `Burst School ${n}`, name: `Burst ${n}`, email: `burst${n}@burst.test`, password: 'burst-password-1' },
          remoteAddress: address,
        });
      const statuses: number[] = [];
      for (let n = 1; n <= 6; n += 1) statuses.push((await register(n)).statusCode);
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
      const refused = await register(7);
      expect(refused.json()).toMatchObject({ status: 429, code: 'rate_limited' });
      expect((await t.outbox()).some((mail) => mail.to === 'burst6@burst.test' || mail.to === 'burst7@burst.test')).toBe(false);
      // Another address still registers.
      const other = await t.request({
        method: 'POST',
        url: '/api/registration/school',
        payload: { school_name: 'Calm School', name: 'Calm', email: 'calm@calm.test', password: 'calm-password-12' },
        remoteAddress: nextClientIp(),
      });
      expect(other.statusCode).toBe(202);
    });

    it('refuses missing fields with a message per field', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/registration/school',
        payload: { email: 'x@y.test', password: 'long-enough-password' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject({ school_name: 'School name is required', name: 'Name is required' });
    });

    it('answers an address that already has an account exactly like a new one, creates nothing, and tells the owner by e-mail', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/registration/school',
        payload: { school_name: 'Copycat School', name: 'Copy Cat', email: 'orgadmin@skyline.test', password: 'copycat-password-1' },
      });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ email: 'orgadmin@skyline.test' });
      const notice = (await t.outbox()).filter((mail) => mail.to === 'orgadmin@skyline.test').at(-1);
      expect(notice?.subject).toBe('Someone tried to register a Skylog school with your address');
      const superadmin = await as('superadmin@skyline.test');
      const orgs = orgListSchema.parse((await t.request({ method: 'GET', url: '/api/orgs', cookie: superadmin })).json());
      expect(orgs.items.map((org) => org.name)).not.toContain('Copycat School');
    });
  });
});
