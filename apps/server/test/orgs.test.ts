import { alertListSchema, auditListSchema, orgListSchema, subOrgSchema } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';

const permissionDenied = { status: 403, code: 'forbidden', message: "You don't have permission to access this page" };

describe('organizations, sub-organizations and organization switching', () => {
  let t: TestApp;
  const cookies = new Map<string, string>();
  let skylineId: string;
  let harborId: string;
  let northId: string;
  let lakesideId: string;

  async function as(email: string): Promise<string> {
    if (!cookies.has(email)) cookies.set(email, await t.signIn(email));
    return cookies.get(email)!;
  }

  const get = async (email: string, url: string) => t.request({ method: 'GET', url, cookie: await as(email) });

  beforeAll(async () => {
    t = await createTestApp();
    const skyline = (await get('student@skyline.test', '/api/me')).json();
    skylineId = skyline.org_id;
    northId = skyline.sub_org_id;
    lakesideId = (await get('jonas.berg@skyline.test', '/api/me')).json().sub_org_id;
    harborId = (await get('admin@harbor.test', '/api/me')).json().org_id;
  });
  afterAll(async () => t.close());

  describe('GET /api/orgs', () => {
    it('lists every organization for the super_admin', async () => {
      const response = await get('superadmin@skyline.test', '/api/orgs');
      expect(response.statusCode).toBe(200);
      const body = orgListSchema.parse(response.json());
      expect(body.total).toBe(2);
      expect(body.items).toEqual(
        expect.arrayContaining([
          { id: skylineId, name: 'Skyline Flight Academy' },
          { id: harborId, name: 'Harbor Aviation' },
        ]),
      );
    });

    for (const email of ['orgadmin@skyline.test', 'suborgadmin@skyline.test', 'instructor@skyline.test', 'student@skyline.test']) {
      it(`lists only Skyline for ${email}`, async () => {
        const body = orgListSchema.parse((await get(email, '/api/orgs')).json());
        expect(body).toEqual({ items: [{ id: skylineId, name: 'Skyline Flight Academy' }], total: 1 });
      });
    }

    it('lists only Harbor for the Harbor admin', async () => {
      const body = orgListSchema.parse((await get('admin@harbor.test', '/api/orgs')).json());
      expect(body).toEqual({ items: [{ id: harborId, name: 'Harbor Aviation' }], total: 1 });
    });

    it('answers 401 without a session', async () => {
      expect((await t.request({ method: 'GET', url: '/api/orgs' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/orgs/{id}', () => {
    it('answers the own organization', async () => {
      const response = await get('student@skyline.test', `/api/orgs/${skylineId}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: skylineId, name: 'Skyline Flight Academy' });
    });

    it('answers 404 for another organization, as if it did not exist', async () => {
      const other = await get('student@skyline.test', `/api/orgs/${harborId}`);
      const missing = await get('student@skyline.test', '/api/orgs/00000000-0000-4000-8000-000000000000');
      expect(other.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expect(other.json()).toEqual(missing.json());
      expect(other.json()).toMatchObject({ status: 404, code: 'not_found' });
    });

    it('lets the super_admin read any organization', async () => {
      const response = await get('superadmin@skyline.test', `/api/orgs/${harborId}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: harborId, name: 'Harbor Aviation' });
    });

    it('answers 400 for an id that is not a uuid', async () => {
      const response = await get('student@skyline.test', '/api/orgs/harbor');
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_error');
    });
  });

  describe('GET /api/sub-orgs/{id}', () => {
    it('answers the own sub-organization to its sub_org_admin', async () => {
      const response = await get('suborgadmin@skyline.test', `/api/sub-orgs/${northId}`);
      expect(response.statusCode).toBe(200);
      expect(subOrgSchema.parse(response.json())).toMatchObject({ id: northId, org_id: skylineId, name: 'North Field' });
    });

    it('answers 404 to a sub_org_admin for another sub-organization', async () => {
      const response = await get('suborgadmin@skyline.test', `/api/sub-orgs/${lakesideId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
    });

    it('answers every sub-organization of the organization to its org_admin and admin_secondary', async () => {
      for (const email of ['orgadmin@skyline.test', 'secondary@skyline.test']) {
        expect((await get(email, `/api/sub-orgs/${northId}`)).statusCode).toBe(200);
        const lakeside = await get(email, `/api/sub-orgs/${lakesideId}`);
        expect(lakeside.statusCode).toBe(200);
        expect(lakeside.json()).toMatchObject({ id: lakesideId, name: 'Lakeside' });
      }
    });

    it('answers 404 to the admin of another organization', async () => {
      const response = await get('admin@harbor.test', `/api/sub-orgs/${northId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
    });

    it('answers 404 for a sub-organization nobody has', async () => {
      expect((await get('orgadmin@skyline.test', '/api/sub-orgs/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });
  });

  describe('POST /api/me/org (switch organization)', () => {
    it('lets the super_admin switch: 204, /api/me shows the new organization, and the switch is audited', async () => {
      const superadmin = await as('superadmin@skyline.test');
      const response = await t.request({ method: 'POST', url: '/api/me/org', cookie: superadmin, payload: { org_id: harborId } });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      const me = (await t.request({ method: 'GET', url: '/api/me', cookie: superadmin })).json();
      expect(me.org_id).toBe(harborId);
      expect(me.org).toEqual({ id: harborId, name: 'Harbor Aviation' });

      const superadminId = await skylogIdOf(t, 'superadmin@skyline.test');
      const audit = await t.request({
        method: 'GET',
        url: `/api/audit-log?action=orgs.switch&user_id=${superadminId}`,
        cookie: superadmin,
      });
      const entries = auditListSchema.parse(audit.json()).items;
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        userId: superadminId,
        userRole: 'super_admin',
        action: 'orgs.switch',
        resource: `orgs/${harborId}`,
        status: 'success',
        details: { from: skylineId, to: harborId },
      });
    });

    it('lets the super_admin switch back', async () => {
      const superadmin = await as('superadmin@skyline.test');
      expect((await t.request({ method: 'POST', url: '/api/me/org', cookie: superadmin, payload: { org_id: skylineId } })).statusCode).toBe(
        204,
      );
      expect((await t.request({ method: 'GET', url: '/api/me', cookie: superadmin })).json().org).toEqual({
        id: skylineId,
        name: 'Skyline Flight Academy',
      });
    });

    it('answers 404 for an organization nobody has, and 400 for a missing org_id', async () => {
      const superadmin = await as('superadmin@skyline.test');
      const missing = await t.request({
        method: 'POST',
        url: '/api/me/org',
        cookie: superadmin,
        payload: { org_id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(missing.statusCode).toBe(404);
      const invalid = await t.request({ method: 'POST', url: '/api/me/org', cookie: superadmin, payload: {} });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().fields).toHaveProperty('org_id');
    });

    it('refuses everyone else with 403 and the spec message, changes nothing, and audits the denial', async () => {
      const orgadmin = await as('orgadmin@skyline.test');
      const response = await t.request({ method: 'POST', url: '/api/me/org', cookie: orgadmin, payload: { org_id: harborId } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(permissionDenied);
      expect((await t.request({ method: 'GET', url: '/api/me', cookie: orgadmin })).json().org_id).toBe(skylineId);

      const orgadminId = await skylogIdOf(t, 'orgadmin@skyline.test');
      const audit = await t.request({
        method: 'GET',
        url: `/api/audit-log?status=denied&user_id=${orgadminId}`,
        cookie: await as('superadmin@skyline.test'),
      });
      const entries = auditListSchema.parse(audit.json()).items;
      expect(entries).toHaveLength(1);
      const entry = entries[0]!;
      expect(entry).toMatchObject({ userId: orgadminId, userRole: 'org_admin', action: 'orgs.switch', status: 'denied' });
      expect(entry.details).toMatchObject({ path: '/api/me/org', isSelfAccess: false });
      expect(typeof entry.details.timestamp).toBe('string');
      const deniedAt = Date.parse(String(entry.details.timestamp));
      expect(Math.abs(deniedAt - Date.now())).toBeLessThan(60_000);
    });

    for (const email of [
      'secondary@skyline.test',
      'suborgadmin@skyline.test',
      'instructor@skyline.test',
      'student@skyline.test',
      'admin@harbor.test',
    ]) {
      it(`refuses ${email} with 403`, async () => {
        const response = await t.request({ method: 'POST', url: '/api/me/org', cookie: await as(email), payload: { org_id: skylineId } });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
      });
    }
  });

  describe('suspicious activity', () => {
    const email = 'priya.shah@skyline.test';

    async function alertsFor(userId: string, viewer = 'superadmin@skyline.test') {
      const response = await get(viewer, '/api/alerts');
      expect(response.statusCode).toBe(200);
      return alertListSchema.parse(response.json()).items.filter((alert) => alert.user_id === userId);
    }

    it('raises exactly one suspicious_activity alert once one user has 5 denials within 300000 ms', async () => {
      const priyaId = await skylogIdOf(t, email);
      const cookie = await as(email);
      const deny = async () => {
        const response = await t.request({ method: 'POST', url: '/api/me/org', cookie, payload: { org_id: harborId } });
        expect(response.statusCode).toBe(403);
      };

      for (let attempt = 1; attempt <= 4; attempt += 1) await deny();
      expect(await alertsFor(priyaId)).toHaveLength(0);

      await deny();
      const alerts = await alertsFor(priyaId);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ kind: 'suspicious_activity', user_id: priyaId, acknowledged_at: null });
      expect(alerts[0]!.details).toMatchObject({ userRole: 'student', deniedCount: 5, windowMs: 300000, lastPath: '/api/me/org' });

      // Further denials in the same window do not raise more alerts.
      await deny();
      await deny();
      expect(await alertsFor(priyaId)).toHaveLength(1);
    });

    it('raises exactly one alert when 10 denials of one user arrive at the same moment', async () => {
      const emmaEmail = 'emma.okafor@skyline.test';
      const emmaId = await skylogIdOf(t, emmaEmail);
      const cookie = await as(emmaEmail);
      expect(await alertsFor(emmaId)).toHaveLength(0);

      const responses = await Promise.all(
        Array.from({ length: 10 }, () => t.request({ method: 'POST', url: '/api/me/org', cookie, payload: { org_id: harborId } })),
      );
      for (const response of responses) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
      }

      const audit = await get('superadmin@skyline.test', `/api/audit-log?status=denied&user_id=${emmaId}`);
      expect(auditListSchema.parse(audit.json()).total).toBe(10);

      const alerts = await alertsFor(emmaId);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ kind: 'suspicious_activity', user_id: emmaId, acknowledged_at: null });
      expect(alerts[0]!.details).toMatchObject({ userRole: 'student', windowMs: 300000, lastPath: '/api/me/org' });
      expect(Number(alerts[0]!.details.deniedCount)).toBeGreaterThanOrEqual(5);
    });

    it('shows the alert to the admins of the user’s organization only', async () => {
      const priyaId = await skylogIdOf(t, email);
      expect(await alertsFor(priyaId, 'orgadmin@skyline.test')).toHaveLength(1);
      expect(await alertsFor(priyaId, 'admin@harbor.test')).toHaveLength(0);
    });

    it('refuses the alert list to instructors and students', async () => {
      for (const viewer of ['instructor@skyline.test', 'student@skyline.test']) {
        const response = await get(viewer, '/api/alerts');
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
      }
    });

    it('raises no alert for a user with fewer than 5 denials', async () => {
      const orgadminId = await skylogIdOf(t, 'orgadmin@skyline.test');
      expect(await alertsFor(orgadminId)).toHaveLength(0);
    });
  });
});
