import { auditListSchema, meSchema, messages, type Me } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';

const skyline = 'Skyline Flight Academy';

describe('GET /api/me and PATCH /api/users/{skylog_id}', () => {
  let t: TestApp;
  const cookies = new Map<string, string>();

  /** One session per account, signed in once. */
  async function as(email: string): Promise<string> {
    if (!cookies.has(email)) cookies.set(email, await t.signIn(email));
    return cookies.get(email)!;
  }

  async function me(email: string): Promise<Me> {
    const response = await t.request({ method: 'GET', url: '/api/me', cookie: await as(email) });
    expect(response.statusCode).toBe(200);
    return meSchema.parse(response.json());
  }

  const patch = async (email: string, skylogId: string, payload: unknown) =>
    t.request({ method: 'PATCH', url: `/api/users/${skylogId}`, cookie: await as(email), payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  describe('GET /api/me', () => {
    const cases = [
      { email: 'superadmin@skyline.test', userType: 'super_admin', label: 'Superadmin', org: skyline },
      { email: 'orgadmin@skyline.test', userType: 'org_admin', label: 'Org Admin', org: skyline },
      { email: 'secondary@skyline.test', userType: 'admin_secondary', label: 'Secondary Admin', org: skyline },
      { email: 'suborgadmin@skyline.test', userType: 'sub_org_admin', label: 'SubOrg Admin', org: skyline },
      { email: 'suborgsecondary@skyline.test', userType: 'sub_org_admin_secondary', label: 'SubOrg Secondary Admin', org: skyline },
      { email: 'instructor@skyline.test', userType: 'instructor', label: 'Instructor', org: skyline },
      { email: 'student@skyline.test', userType: 'student', label: 'Student', org: skyline },
      { email: 'admin@harbor.test', userType: 'org_admin', label: 'Org Admin', org: 'Harbor Aviation' },
    ] as const;

    for (const { email, userType, label, org } of cases) {
      it(`answers ${email} as ${userType} with the label '${label}' and the organization ${org}`, async () => {
        const body = await me(email);
        expect(body.email).toBe(email);
        expect(body.user_type).toBe(userType);
        expect(body.role_label).toBe(label);
        expect(body.org).toEqual({ id: body.org_id, name: org });
        expect(body.skylog_id).toBe(await skylogIdOf(t, email));
        expect(body.email_verified).toBe(true);
        expect(body.is_profile_complete).toBe(true);
      });
    }

    it('includes the sub-organization of sub-organization members', async () => {
      const body = await me('suborgadmin@skyline.test');
      expect(body.sub_org).toMatchObject({ id: body.sub_org_id, org_id: body.org_id, name: 'North Field' });
      expect((await me('orgadmin@skyline.test')).sub_org).toBeNull();
    });

    it('answers 401 unauthenticated without a session cookie', async () => {
      const response = await t.request({ method: 'GET', url: '/api/me' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, code: 'unauthenticated', message: 'You are not signed in. Please sign in again.' });
    });

    it('answers 401 to a forged session cookie', async () => {
      const response = await t.request({ method: 'GET', url: '/api/me', cookie: 'skylog.session_token=forged.value' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
    });
  });

  describe('PATCH own profile', () => {
    const email = 'student@skyline.test';
    let id: string;
    beforeAll(async () => {
      id = await skylogIdOf(t, email);
    });

    it('answers 204 with no body, and GET /api/me shows the changes', async () => {
      const response = await patch(email, id, {
        name: 'Stella Park-Rivera',
        phone: '+447700900123',
        program: '61',
        license_number: 'PPL 123456',
        international: true,
        fulltime: true,
        certifications: ['Instrument Rating', 'Tailwheel Endorsement'],
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      expect(await me(email)).toMatchObject({
        name: 'Stella Park-Rivera',
        phone: '+447700900123',
        program: '61',
        license_number: 'PPL 123456',
        international: true,
        fulltime: true,
        certifications: ['Instrument Rating', 'Tailwheel Endorsement'],
        is_profile_complete: true,
      });
    });

    it('changes only the fields sent', async () => {
      expect((await patch(email, id, { fulltime: false })).statusCode).toBe(204);
      expect(await me(email)).toMatchObject({ name: 'Stella Park-Rivera', phone: '+447700900123', program: '61', fulltime: false });
    });

    const invalid = [
      { payload: { name: '' }, field: 'name', message: 'Name is required' },
      { payload: { name: '   ' }, field: 'name', message: 'Name is required' },
      { payload: { name: null }, field: 'name', message: 'Name is required' },
      { payload: { phone: '' }, field: 'phone', message: 'Phone is required' },
      { payload: { phone: '0123 456' }, field: 'phone', message: 'Phone number must be in E.164 format, eg. +1234567890' },
      { payload: { phone: '+0123456789' }, field: 'phone', message: 'Phone number must be in E.164 format, eg. +1234567890' },
      { payload: { program: '999' }, field: 'program', message: 'Program is required' },
      { payload: { program: '' }, field: 'program', message: 'Program is required' },
      { payload: { fulltime: 'yes' }, field: 'fulltime', message: 'Employment status is required' },
      { payload: { fulltime: null }, field: 'fulltime', message: 'Employment status is required' },
    ];
    for (const { payload, field, message } of invalid) {
      it(`refuses ${JSON.stringify(payload)} with 400 and fields.${field} = '${message}'`, async () => {
        const response = await patch(email, id, payload);
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body).toMatchObject({ status: 400, code: 'validation_error' });
        expect(body.fields[field]).toBe(message);
      });
    }

    it('stores each rating once and an empty licence number as none', async () => {
      const response = await patch(email, id, { certifications: ['Glider Rating', 'Glider Rating', 'Type Rating'], license_number: '' });
      expect(response.statusCode).toBe(204);
      expect(await me(email)).toMatchObject({ certifications: ['Glider Rating', 'Type Rating'], license_number: null });
    });

    it('refuses a rating outside the spec list', async () => {
      const response = await patch(email, id, { certifications: ['Astronaut Wings'] });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields['certifications.0']).toBe('Unknown rating');
    });

    it('changes nothing when one field of the body is invalid', async () => {
      const response = await patch(email, id, { name: 'Should Not Stick', phone: 'not-a-phone' });
      expect(response.statusCode).toBe(400);
      expect((await me(email)).name).toBe('Stella Park-Rivera');
    });

    it('refuses an unknown field with 400 naming it in fields', async () => {
      const response = await patch(email, id, { name: 'Stella', is_paid: true });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('validation_error');
      expect(Object.keys(body.fields)).toContain('is_paid');
      expect((await me(email)).is_paid).toBe(true);
    });

    it('names each of several unknown fields under its own key', async () => {
      const response = await patch(email, id, { name: 'x', foo: 1, bar: 2 });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ status: 400, code: 'validation_error' });
      expect(body.fields).toEqual({ foo: 'Unknown field: foo', bar: 'Unknown field: bar' });
      expect(['Unknown field: foo', 'Unknown field: bar']).toContain(body.message);
      expect((await me(email)).name).toBe('Stella Park-Rivera');
    });

    it('refuses a role change through the profile (user_type is not a profile field)', async () => {
      const response = await patch(email, id, { user_type: 'super_admin' });
      expect(response.statusCode).toBe(400);
      expect((await me(email)).user_type).toBe('student');
    });

    it('refuses malformed JSON with 400 invalid_json', async () => {
      const response = await t.request({
        method: 'PATCH',
        url: `/api/users/${id}`,
        cookie: await as(email),
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "Stella",',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' });
    });

    it('refuses a body over 1 MiB with 413 body_too_large', async () => {
      const response = await t.request({
        method: 'PATCH',
        url: `/api/users/${id}`,
        cookie: await as(email),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(1_048_576) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ status: 413, code: 'body_too_large', message: 'The request body is too large.' });
    });

    it('refuses an e-mail change through the profile (400 fields.email, pointing to Change e-mail) and changes nothing', async () => {
      for (const other of ['instructor@skyline.test', 'brand.new@skyline.test']) {
        const response = await patch(email, id, { name: 'Renamed Together', email: other });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'validation_error', fields: { email: messages.emailChangeNeedsConfirmation } });
      }
      const after = await me(email);
      expect(after.email).toBe(email);
      expect(after.name).toBe('Stella Park-Rivera');
    });

    it('accepts sending back the unchanged own e-mail address', async () => {
      expect((await patch(email, id, { email, name: 'Stella Park' })).statusCode).toBe(204);
      expect(await me(email)).toMatchObject({ email, name: 'Stella Park', email_verified: true });
    });
  });

  describe('PATCH someone else', () => {
    let leo: string;
    let jonas: string;
    beforeAll(async () => {
      leo = await skylogIdOf(t, 'leo.nakamura@skyline.test');
      jonas = await skylogIdOf(t, 'jonas.berg@skyline.test');
    });

    it("a student patching another student gets 404 'User not found', nothing changes, and the denial is audited", async () => {
      const response = await patch('student@skyline.test', leo, { name: 'Hijacked' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'User not found' });
      expect((await me('leo.nakamura@skyline.test')).name).toBe('Leo Nakamura');

      const studentId = await skylogIdOf(t, 'student@skyline.test');
      const audit = await t.request({
        method: 'GET',
        url: `/api/audit-log?user_id=${studentId}&status=denied&action=users.update-profile`,
        cookie: await as('superadmin@skyline.test'),
      });
      const entries = auditListSchema.parse(audit.json()).items;
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        userId: studentId,
        userRole: 'student',
        action: 'users.update-profile',
        resource: `users/${leo}`,
        status: 'denied',
        details: { path: `/api/users/${leo}`, isSelfAccess: false },
      });
      expect(Number.isNaN(Date.parse(String(entries[0]!.details.timestamp)))).toBe(false);
    });

    it('an instructor cannot patch a student who is not theirs', async () => {
      const response = await patch('instructor@skyline.test', jonas, { name: 'Hijacked' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('User not found');
    });

    it('an org_admin may patch a student of their organization', async () => {
      const response = await patch('orgadmin@skyline.test', leo, { name: 'Leo N.', certifications: ['Glider Rating'] });
      expect(response.statusCode).toBe(204);
      expect(await me('leo.nakamura@skyline.test')).toMatchObject({ name: 'Leo N.', certifications: ['Glider Rating'] });
    });

    it('a sub_org_admin may patch a student of their sub-organization but not of another one', async () => {
      expect((await patch('suborgadmin@skyline.test', leo, { phone: '+14155559999' })).statusCode).toBe(204);
      expect((await me('leo.nakamura@skyline.test')).phone).toBe('+14155559999');

      const other = await patch('suborgadmin@skyline.test', jonas, { phone: '+14155559999' });
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('User not found');
    });

    it('the org_admin of another organization gets 404 for a Skyline user', async () => {
      const response = await patch('admin@harbor.test', leo, { name: 'Harbor Was Here' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'User not found' });
      expect((await me('leo.nakamura@skyline.test')).name).toBe('Leo N.');
    });

    it('a Skyline org_admin cannot patch the super_admin', async () => {
      const response = await patch('orgadmin@skyline.test', await skylogIdOf(t, 'superadmin@skyline.test'), { name: 'Demoted' });
      expect(response.statusCode).toBe(404);
      expect((await me('superadmin@skyline.test')).name).toBe('Sam Rivera');
    });

    it('the super_admin may patch anyone, in any organization', async () => {
      const hank = await skylogIdOf(t, 'admin@harbor.test');
      expect((await patch('superadmin@skyline.test', hank, { name: 'Hank O.' })).statusCode).toBe(204);
      expect((await me('admin@harbor.test')).name).toBe('Hank O.');
    });

    it("answers 404 'User not found' for an id nobody has", async () => {
      const response = await patch('orgadmin@skyline.test', '00000000-0000-4000-8000-000000000000', { name: 'Nobody' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'User not found' });
    });

    it('answers 400 for an id that is not a uuid', async () => {
      const response = await patch('orgadmin@skyline.test', 'not-a-uuid', { name: 'Nobody' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'validation_error' });
      expect(Object.keys(response.json().fields)).toContain('skylog_id');
    });

    it('answers 401 without a session', async () => {
      const response = await t.request({ method: 'PATCH', url: `/api/users/${leo}`, payload: { name: 'Anonymous' } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
    });
  });
});
