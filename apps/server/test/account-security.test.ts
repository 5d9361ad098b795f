import { auditListSchema, messages } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOrigin, createTestApp, nextClientIp, tokenFromOutbox, type TestApp } from './helper.ts';
import { createSchool, type School } from './factories.ts';
import { personPassword, sessions } from './people-helper.ts';

/**
 * Regressions of the outside security probe: a Secondary Admin took over an Org Admin,
 * and anyone who could edit a profile could hand its account to a new e-mail address.
 */
describe('account takeover paths stay closed', () => {
  let t: TestApp;
  const s = sessions(() => t);
  let school: School;
  let northId: string;
  let secondary: { email: string; id: string };
  let orgAdmin: { email: string; id: string };
  let subOrgAdmin: { email: string; id: string };
  let instructor: { email: string; id: string };
  let student: { email: string; id: string };

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Takeover Test Academy');
    northId = await school.addSubOrg('North Ramp');
    secondary = await school.addPerson('admin_secondary');
    orgAdmin = await school.addPerson('org_admin');
    subOrgAdmin = await school.addPerson('sub_org_admin', { subOrgId: northId });
    instructor = await school.addPerson('instructor', { subOrgId: northId });
    student = await school.addPerson('student', { inviter: instructor.email });
  });
  afterAll(async () => t.close());

  async function deniedAudits(actorId: string, resource: string) {
    const response = await s.call(school.owner, 'GET', `/api/audit-log?status=denied&user_id=${actorId}`);
    return auditListSchema.parse(response.json()).items.filter((entry) => entry.resource === resource);
  }

  describe('a Secondary Admin cannot manage an Org Admin on any route that touches a person', () => {
    const attempts = (id: string) =>
      [
        ['PATCH', `/api/users/${id}`, { name: 'Taken Over' }],
        ['PATCH', `/api/users/${id}`, { email: 'attacker@evil.test' }],
        ['PUT', `/api/users/${id}/role`, { user_type: 'student' }],
        ['POST', `/api/users/${id}/assignment`, { sub_org_id: null }],
        ['POST', `/api/users/${id}/deactivate`, undefined],
        ['PATCH', `/api/users/${id}/cable`, { cable_collections: true }],
        ['DELETE', `/api/users/${id}`, undefined],
      ] as const;

    it('answers 404 User not found to every one, changes nothing, and audits each', async () => {
      for (const [method, url, body] of attempts(orgAdmin.id)) {
        const response = await s.call(secondary.email, method, url, body);
        expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found', message: messages.userNotFound });
      }
      const after = (await s.call(school.owner, 'GET', `/api/users/${orgAdmin.id}`)).json();
      expect(after).toMatchObject({ email: orgAdmin.email, user_type: 'org_admin', is_active: true, cable_collections: false });
      expect(after.name).not.toBe('Taken Over');
      expect((await deniedAudits(secondary.id, `users/${orgAdmin.id}`)).length).toBe(attempts(orgAdmin.id).length);
      // The Org Admin still signs in, and with their own address.
      expect((await s.call(orgAdmin.email, 'GET', '/api/me')).json().email).toBe(orgAdmin.email);
    });

    it('still manages the people below them, and the list tells the web which buttons to show', async () => {
      expect((await s.call(secondary.email, 'PATCH', `/api/users/${instructor.id}`, { phone: '+14155550199' })).statusCode).toBe(204);
      const people = (await s.call(secondary.email, 'GET', '/api/users?page_size=100')).json().items as Array<Record<string, unknown>>;
      expect(people.find((person) => person.skylog_id === orgAdmin.id)).toMatchObject({ can_edit: false, can_administer: false, can_delete: false });
      expect(people.find((person) => person.skylog_id === instructor.id)).toMatchObject({ can_edit: true, can_administer: true, can_delete: true });
      expect(people.find((person) => person.skylog_id === secondary.id)).toMatchObject({ can_edit: true, can_administer: false, can_delete: false });
    });
  });

  describe('only the owner changes a sign-in e-mail', () => {
    it('refuses an instructor, a sub-organization admin and an org admin with 403, audited, and changes nothing', async () => {
      const cases = [
        [instructor, student],
        [subOrgAdmin, instructor],
        [{ email: school.owner, id: (await s.call(school.owner, 'GET', '/api/me')).json().skylog_id as string }, student],
      ] as const;
      for (const [actor, target] of cases) {
        const response = await s.call(actor.email, 'PATCH', `/api/users/${target.id}`, { email: `stolen.${target.id.slice(0, 8)}@evil.test` });
        expect(response.statusCode, `${actor.email} → ${target.email}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'forbidden', message: messages.emailChangeOwnerOnly, fields: { email: messages.emailChangeOwnerOnly } });
        expect((await deniedAudits(actor.id, `users/${target.id}`)).length).toBeGreaterThan(0);
      }
      expect((await s.call(school.owner, 'GET', `/api/users/${student.id}`)).json().email).toBe(student.email);
      expect((await s.call(school.owner, 'GET', `/api/users/${instructor.id}`)).json().email).toBe(instructor.email);
      // Their other edits still work: the instructor keeps their student's profile up to date.
      expect((await s.call(instructor.email, 'PATCH', `/api/users/${student.id}`, { phone: '+14155550198' })).statusCode).toBe(204);
    });

    it('the owner asks with their password, confirms from the new address; the old address is told and other sessions end', async () => {
      const person = await school.addPerson('student');
      const newEmail = `moved.${person.id.slice(0, 8)}@new-address.test`;
      const asking = await t.signIn(person.email, personPassword);
      const other = await t.signIn(person.email, personPassword);

      const wrong = await t.request({ method: 'POST', url: '/api/me/email-change', cookie: asking, payload: { new_email: newEmail, password: 'not-my-password' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ fields: { password: messages.wrongPassword } });

      const asked = await t.request({ method: 'POST', url: '/api/me/email-change', cookie: asking, payload: { new_email: newEmail, password: personPassword } });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json()).toMatchObject({ new_email: newEmail });
      // Nothing changes until the new address answers.
      expect((await t.request({ method: 'GET', url: '/api/me', cookie: other })).json().email).toBe(person.email);

      const token = await tokenFromOutbox(t, newEmail, '/auth/confirm', 'email_change_token');
      const confirmed = await t.request({ method: 'POST', url: '/api/registration/email-change/confirm', payload: { token } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ email: newEmail });

      expect((await t.request({ method: 'GET', url: '/api/me', cookie: other })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: '/api/me', cookie: asking })).json()).toMatchObject({ email: newEmail, email_verified: true });
      const notice = (await t.outbox()).filter((mail) => mail.to === person.email).at(-1);
      expect(notice?.subject).toBe('Your Skylog sign-in e-mail was changed');
      expect(notice?.text).toContain(newEmail);
      await t.signIn(newEmail, personPassword);
      const oldSignIn = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: person.email, password: personPassword },
        remoteAddress: nextClientIp(),
      });
      expect(oldSignIn.statusCode).toBe(401);
      // The link works once.
      expect((await t.request({ method: 'POST', url: '/api/registration/email-change/confirm', payload: { token } })).statusCode).toBe(404);
    });

    it('answers a taken address like a free one, tells that address, and changes nothing', async () => {
      const person = await school.addPerson('student');
      const asked = await s.call(person.email, 'POST', '/api/me/email-change', { new_email: instructor.email, password: personPassword });
      expect(asked.statusCode).toBe(202);
      expect(Object.keys(asked.json()).sort()).toEqual(['expires_at', 'new_email']);
      const mail = (await t.outbox()).filter((entry) => entry.to === instructor.email).at(-1);
      expect(mail?.subject).toBe('Your e-mail address was offered for a Skylog account');
      expect(mail?.text).not.toContain('email_change_token');
      expect((await s.call(person.email, 'GET', '/api/me')).json().email).toBe(person.email);
    });

    it('an expired link changes nothing', async () => {
      const person = await school.addPerson('student');
      const newEmail = `late.${person.id.slice(0, 8)}@new-address.test`;
      expect((await s.call(person.email, 'POST', '/api/me/email-change', { new_email: newEmail, password: personPassword })).statusCode).toBe(202);
      const token = await tokenFromOutbox(t, newEmail, '/auth/confirm', 'email_change_token');
      await t.ctx.db.execute(`update email_changes set expires_at = now() - interval '1 minute' where new_email = '${newEmail}'`);
      const confirmed = await t.request({ method: 'POST', url: '/api/registration/email-change/confirm', payload: { token } });
      expect(confirmed.statusCode).toBe(404);
      expect(confirmed.json().message).toBe(messages.emailChangeInvalid);
      expect((await s.call(person.email, 'GET', '/api/me')).json().email).toBe(person.email);
    });

    it('the password check cannot be used to guess: the sixth wrong password in a minute answers 429', async () => {
      const person = await school.addPerson('student');
      const cookie = await s.as(person.email);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await t.request({
          method: 'POST',
          url: '/api/me/email-change',
          cookie,
          payload: { new_email: 'guess@new-address.test', password: `guess-${attempt}-password` },
          remoteAddress: '10.250.0.1',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    });
  });

  it('a password change ends the person’s other sessions and keeps the one that made it', async () => {
    const person = await school.addPerson('student');
    const changing = await t.signIn(person.email, personPassword);
    const other = await t.signIn(person.email, personPassword);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie: changing,
      payload: { currentPassword: 'not-my-password', newPassword: 'brand-new-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { currentPassword: messages.wrongPassword } });
    const changed = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie: changing,
      headers: { origin: appOrigin },
      payload: { currentPassword: personPassword, newPassword: 'brand-new-password-1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', cookie: other })).statusCode).toBe(401);
    const renewed = changed.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') || changing;
    expect((await t.request({ method: 'GET', url: '/api/me', cookie: renewed })).statusCode).toBe(200);
  });
});
