import { auditListSchema, invitationCreatedSchema, invitationListSchema } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, tokenFromOutbox, type TestApp } from './helper.ts';
import { missingId, permissionDenied, sessions } from './people-helper.ts';

const invitationInvalid = {
  status: 404,
  code: 'not_found',
  message: 'This invitation link is invalid or has expired. Ask your administrator for a new one.',
};

describe('GET /api/invitations and POST /api/invitations/{id}/resend', () => {
  let t: TestApp;
  const s = sessions(() => t);
  let skylineId: string;
  let harborId: string;
  let northId: string;
  let lakesideId: string;
  /** Invitation ids by e-mail. */
  const invitationIds = new Map<string, string>();

  async function invite(inviter: string, payload: { email: string; user_type: string; sub_org_id?: string }) {
    const response = await s.call(inviter, 'POST', '/api/invitations', payload);
    expect(response.statusCode, response.body).toBe(201);
    invitationIds.set(payload.email, invitationCreatedSchema.parse(response.json()).id);
  }

  async function openInvitations(viewer: string) {
    const response = await s.call(viewer, 'GET', '/api/invitations');
    expect(response.statusCode, response.body).toBe(200);
    const body = invitationListSchema.parse(response.json());
    expect(body.total).toBe(body.items.length);
    return body;
  }

  const emails = (body: { items: ReadonlyArray<{ email: string }> }) => body.items.map((item) => item.email).sort();
  const preview = (token: string) => t.request({ method: 'GET', url: `/api/registration/invitations/${encodeURIComponent(token)}` });
  const resend = async (actor: string, id: string) => s.call(actor, 'POST', `/api/invitations/${id}/resend`);
  const mailsTo = async (email: string) => (await t.outbox()).filter((mail) => mail.to === email).length;

  beforeAll(async () => {
    t = await createTestApp();
    const stella = (await s.call('student@skyline.test', 'GET', '/api/me')).json();
    skylineId = stella.org_id;
    northId = stella.sub_org_id;
    lakesideId = (await s.call('jonas.berg@skyline.test', 'GET', '/api/me')).json().sub_org_id;
    harborId = (await s.call('admin@harbor.test', 'GET', '/api/me')).json().org_id;
    // Open invitations: two without a sub-organization, one for each sub-organization, one at Harbor.
    await invite('orgadmin@skyline.test', { email: 'open.instructor@skyline.test', user_type: 'instructor' });
    await invite('secondary@skyline.test', { email: 'open.admin@skyline.test', user_type: 'admin_secondary' });
    await invite('suborgadmin@skyline.test', { email: 'open.north@skyline.test', user_type: 'student' });
    await invite('orgadmin@skyline.test', { email: 'open.lakeside@skyline.test', user_type: 'student', sub_org_id: lakesideId });
    await invite('admin@harbor.test', { email: 'open.harbor@harbor.test', user_type: 'student' });
    // One accepted invitation, which is no longer open.
    await invite('orgadmin@skyline.test', { email: 'accepted@skyline.test', user_type: 'student' });
    const token = await tokenFromOutbox(t, 'accepted@skyline.test', '/auth/user-registration');
    const accepted = await t.request({
      method: 'POST',
      url: '/api/registration/accept',
      payload: { token, name: 'Ada Accepted', password: 'accepted-password-1' },
    });
    expect(accepted.statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  describe('GET /api/invitations', () => {
    const skylineOpen = [
      'open.admin@skyline.test',
      'open.instructor@skyline.test',
      'open.lakeside@skyline.test',
      'open.north@skyline.test',
    ];

    for (const viewer of ['orgadmin@skyline.test', 'secondary@skyline.test', 'superadmin@skyline.test']) {
      it(`${viewer}: the open invitations of Skyline, newest first`, async () => {
        const body = await openInvitations(viewer);
        expect(emails(body)).toEqual(expect.arrayContaining(skylineOpen));
        expect(emails(body)).not.toContain('accepted@skyline.test');
        expect(emails(body)).not.toContain('open.harbor@harbor.test');
        expect(body.items.every((item) => item.org_id === skylineId)).toBe(true);
        const created = body.items.map((item) => Date.parse(item.created_at));
        expect(created).toEqual([...created].sort((a, b) => b - a));

        const lakeside = body.items.find((item) => item.email === 'open.lakeside@skyline.test');
        expect(lakeside).toMatchObject({
          id: invitationIds.get('open.lakeside@skyline.test'),
          user_type: 'student',
          sub_org_id: lakesideId,
        });
        const days = (Date.parse(lakeside!.expires_at) - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(6.9);
        expect(days).toBeLessThanOrEqual(7);
      });
    }

    for (const viewer of ['suborgadmin@skyline.test', 'suborgsecondary@skyline.test']) {
      it(`${viewer}: only the own sub-organization’s`, async () => {
        const body = await openInvitations(viewer);
        expect(body.items.length).toBeGreaterThan(0);
        expect(body.items.every((item) => item.sub_org_id === northId)).toBe(true);
        expect(emails(body)).toContain('open.north@skyline.test');
        expect(emails(body)).not.toContain('open.lakeside@skyline.test');
        expect(emails(body)).not.toContain('open.instructor@skyline.test');
      });
    }

    it('the Harbor admin: only Harbor’s', async () => {
      const body = await openInvitations('admin@harbor.test');
      expect(body.items.length).toBeGreaterThan(0);
      expect(body.items.every((item) => item.org_id === harborId)).toBe(true);
      expect(emails(body)).toContain('open.harbor@harbor.test');
    });

    for (const viewer of ['instructor@skyline.test', 'student@skyline.test', 'pilot@harbor.test']) {
      it(`${viewer}: 403`, async () => {
        const response = await s.call(viewer, 'GET', '/api/invitations');
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
      });
    }
  });

  describe('POST /api/invitations/{id}/resend', () => {
    async function expectResent(actor: string, email: string) {
      const oldToken = await tokenFromOutbox(t, email, '/auth/user-registration');
      const mailsBefore = await mailsTo(email);
      const id = invitationIds.get(email)!;

      const response = await resend(actor, id);
      expect(response.statusCode, response.body).toBe(200);
      const body = invitationCreatedSchema.parse(response.json());
      expect(body).toMatchObject({ id, email });
      const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);

      expect(await mailsTo(email)).toBe(mailsBefore + 1);
      const newToken = await tokenFromOutbox(t, email, '/auth/user-registration');
      expect(newToken).not.toBe(oldToken);
      const old = await preview(oldToken);
      expect(old.statusCode).toBe(404);
      expect(old.json()).toEqual(invitationInvalid);
      const current = await preview(newToken);
      expect(current.statusCode).toBe(200);
      expect(current.json()).toMatchObject({ email });
      return newToken;
    }

    it('an org admin sends a new link: a new e-mail, the old link stops working, the new one works, audited', async () => {
      const email = 'open.instructor@skyline.test';
      const token = await expectResent('orgadmin@skyline.test', email);
      expect((await preview(token)).json()).toEqual({
        email,
        user_type: 'instructor',
        role_label: 'Instructor',
        org_name: 'Skyline Flight Academy',
      });
      // Still one open invitation for that address.
      expect(emails(await openInvitations('orgadmin@skyline.test')).filter((item) => item === email)).toHaveLength(1);

      const audit = await s.call(
        'superadmin@skyline.test',
        'GET',
        `/api/audit-log?action=invitations.resend&user_id=${await skylogIdOf(t, 'orgadmin@skyline.test')}`,
      );
      expect(auditListSchema.parse(audit.json()).items).toContainEqual(
        expect.objectContaining({ resource: `invitations/${invitationIds.get(email)}`, status: 'success', details: { email } }),
      );
    });

    it('the new link registers the person, with the old one refused', async () => {
      const email = 'open.admin@skyline.test';
      const oldToken = await tokenFromOutbox(t, email, '/auth/user-registration');
      const token = await expectResent('secondary@skyline.test', email);
      const refused = await t.request({
        method: 'POST',
        url: '/api/registration/accept',
        payload: { token: oldToken, name: 'Old Link', password: 'old-link-password-1' },
      });
      expect(refused.statusCode).toBe(404);
      const accepted = await t.request({
        method: 'POST',
        url: '/api/registration/accept',
        payload: { token, name: 'New Link', password: 'new-link-password-1' },
      });
      expect(accepted.statusCode).toBe(201);
      expect(emails(await openInvitations('orgadmin@skyline.test'))).not.toContain(email);
      // An accepted invitation cannot be resent.
      expect((await resend('orgadmin@skyline.test', invitationIds.get(email)!)).statusCode).toBe(404);
    });

    it('a sub_org_admin resends their sub-organization’s invitation, not another’s (404)', async () => {
      await expectResent('suborgadmin@skyline.test', 'open.north@skyline.test');
      const lakeside = 'open.lakeside@skyline.test';
      const tokenBefore = await tokenFromOutbox(t, lakeside, '/auth/user-registration');
      const mailsBefore = await mailsTo(lakeside);
      for (const actor of ['suborgadmin@skyline.test', 'suborgsecondary@skyline.test']) {
        const response = await resend(actor, invitationIds.get(lakeside)!);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
      }
      expect(await mailsTo(lakeside)).toBe(mailsBefore);
      expect((await preview(tokenBefore)).statusCode).toBe(200);
    });

    it('another organization’s invitation answers 404, the same as one nobody has, and its link keeps working', async () => {
      const harbor = 'open.harbor@harbor.test';
      const harborToken = await tokenFromOutbox(t, harbor, '/auth/user-registration');
      const fromSkyline = await resend('orgadmin@skyline.test', invitationIds.get(harbor)!);
      expect(fromSkyline.statusCode).toBe(404);
      const missing = await resend('orgadmin@skyline.test', missingId);
      expect(missing.statusCode).toBe(404);
      expect(fromSkyline.json()).toEqual(missing.json());
      expect((await preview(harborToken)).statusCode).toBe(200);

      const skyline = 'open.lakeside@skyline.test';
      const skylineToken = await tokenFromOutbox(t, skyline, '/auth/user-registration');
      expect((await resend('admin@harbor.test', invitationIds.get(skyline)!)).statusCode).toBe(404);
      expect((await preview(skylineToken)).statusCode).toBe(200);
    });

    it('the Harbor admin resends Harbor’s own', async () => {
      await expectResent('admin@harbor.test', 'open.harbor@harbor.test');
    });

    for (const actor of ['instructor@skyline.test', 'student@skyline.test']) {
      it(`${actor}: 403 and no e-mail`, async () => {
        const email = 'open.lakeside@skyline.test';
        const mailsBefore = await mailsTo(email);
        const response = await resend(actor, invitationIds.get(email)!);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
        expect(await mailsTo(email)).toBe(mailsBefore);
      });
    }

    it('answers 400 for an id that is not a uuid', async () => {
      const response = await resend('orgadmin@skyline.test', 'latest');
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('id');
    });
  });
});
