import { auditListSchema, orgListSchema, orgSchema, subOrgListSchema, subOrgSchema } from '@skylog/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subOrgs } from '../src/db/schema/index.ts';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';
import { missingId, permissionDenied, sessions } from './people-helper.ts';

const everyoneButOrgAdmins = [
  'suborgadmin@skyline.test',
  'suborgsecondary@skyline.test',
  'instructor@skyline.test',
  'student@skyline.test',
];

describe('sub-organizations and organizations', () => {
  let t: TestApp;
  const s = sessions(() => t);
  let skylineId: string;
  let harborId: string;
  let northId: string;
  let lakesideId: string;

  async function list(viewer: string, query = '') {
    const response = await s.call(viewer, 'GET', `/api/sub-orgs${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return subOrgListSchema.parse(response.json());
  }

  async function createSubOrg(actor: string, payload: object) {
    const response = await s.call(actor, 'POST', '/api/sub-orgs', payload);
    expect(response.statusCode, response.body).toBe(201);
    return subOrgSchema.parse(response.json());
  }

  /** The exact number of sub-organizations an organization has now, read from the database. */
  const countSubOrgs = async (orgId: string) =>
    (await t.ctx.db.select({ value: count() }).from(subOrgs).where(eq(subOrgs.orgId, orgId)))[0]!.value;

  const readSubOrg = async (id: string) => s.call('superadmin@skyline.test', 'GET', `/api/sub-orgs/${id}`);

  beforeAll(async () => {
    t = await createTestApp();
    const stella = (await s.call('student@skyline.test', 'GET', '/api/me')).json();
    skylineId = stella.org_id;
    northId = stella.sub_org_id;
    lakesideId = (await s.call('jonas.berg@skyline.test', 'GET', '/api/me')).json().sub_org_id;
    harborId = (await s.call('admin@harbor.test', 'GET', '/api/me')).json().org_id;
  });
  afterAll(async () => t.close());

  describe('GET /api/sub-orgs', () => {
    for (const viewer of ['orgadmin@skyline.test', 'secondary@skyline.test', 'superadmin@skyline.test']) {
      it(`${viewer}: every sub-organization of Skyline with member counts and the exact total`, async () => {
        const body = await list(viewer, '?search=');
        expect(body.items.filter((item) => [northId, lakesideId].includes(item.id))).toEqual([
          {
            id: lakesideId,
            org_id: skylineId,
            name: 'Lakeside',
            description: 'Seaplane and commercial training on the lake.',
            member_count: 3,
            trip_count: 0,
          },
          {
            id: northId,
            org_id: skylineId,
            name: 'North Field',
            description: 'Primary training at the north field: PPL and instrument students.',
            member_count: 7,
            trip_count: 0,
          },
        ]);
        expect(body.items.every((item) => item.org_id === skylineId)).toBe(true);
        expect(body.total).toBe(await countSubOrgs(skylineId));
        expect(body.items).toHaveLength(body.total);
      });
    }

    it('search matches names, ignoring case, with % and _ taken literally', async () => {
      const lake = await list('orgadmin@skyline.test', '?search=LAKE');
      expect(lake).toEqual({ items: [expect.objectContaining({ id: lakesideId, member_count: 3 })], total: 1 });
      expect(await list('orgadmin@skyline.test', '?search=%25')).toEqual({ items: [], total: 0 });
      expect(await list('orgadmin@skyline.test', '?search=_')).toEqual({ items: [], total: 0 });
      expect(await list('orgadmin@skyline.test', '?search=nowhere')).toEqual({ items: [], total: 0 });
    });

    it('pages keep the exact total', async () => {
      const whole = await list('orgadmin@skyline.test');
      expect(whole.total).toBe(await countSubOrgs(skylineId));
      const first = await list('orgadmin@skyline.test', '?page_size=1');
      expect(first.items).toHaveLength(1);
      expect(first.total).toBe(whole.total);
      expect(first.items[0]).toEqual(whole.items[0]);
      const second = await list('orgadmin@skyline.test', '?page=1&page_size=1');
      expect(second.items[0]).toEqual(whole.items[1]);
      expect(second.total).toBe(whole.total);
    });

    for (const viewer of ['suborgadmin@skyline.test', 'suborgsecondary@skyline.test']) {
      it(`${viewer}: only the own sub-organization`, async () => {
        expect(await list(viewer)).toEqual({
          items: [expect.objectContaining({ id: northId, name: 'North Field', member_count: 7 })],
          total: 1,
        });
        expect(await list(viewer, '?search=lake')).toEqual({ items: [], total: 0 });
        const otherOrg = await s.call(viewer, 'GET', `/api/sub-orgs?org_id=${harborId}`);
        expect(otherOrg.statusCode).toBe(404);
        expect(otherOrg.json()).toMatchObject({ code: 'not_found', fields: { org_id: 'Organization not found' } });
      });
    }

    it('another organization sees none of Skyline’s; an org admin cannot ask for another organization', async () => {
      const harbor = await list('admin@harbor.test', '?page_size=100');
      expect(harbor.items.some((item) => item.org_id === skylineId)).toBe(false);
      expect(harbor.total).toBe(await countSubOrgs(harborId));
      const skyline = await s.call('orgadmin@skyline.test', 'GET', `/api/sub-orgs?org_id=${harborId}&page_size=100`);
      expect(skyline.statusCode).toBe(404);
      expect(skyline.json()).toMatchObject({ code: 'not_found', fields: { org_id: 'Organization not found' } });
    });

    it('the super_admin lists another organization with org_id', async () => {
      const harborSub = await createSubOrg('admin@harbor.test', { name: 'Harbor Listing Base' });
      const body = await list('superadmin@skyline.test', `?org_id=${harborId}&page_size=100`);
      expect(body.items.map((item) => item.id)).toContain(harborSub.id);
      expect(body.items.every((item) => item.org_id === harborId)).toBe(true);
    });

    for (const viewer of ['instructor@skyline.test', 'student@skyline.test']) {
      it(`${viewer}: 403`, async () => {
        const response = await s.call(viewer, 'GET', '/api/sub-orgs');
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
      });
    }

    it('answers 400 for a bad page', async () => {
      const response = await s.call('orgadmin@skyline.test', 'GET', '/api/sub-orgs?page=-1');
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('page');
    });
  });

  describe('POST /api/sub-orgs', () => {
    it('an org admin creates one in their organization: 201, listed with no members, audited', async () => {
      const created = await createSubOrg('orgadmin@skyline.test', { name: '  South Ramp  ', description: 'Night currency flights.' });
      expect(created).toEqual({ id: created.id, org_id: skylineId, name: 'South Ramp', description: 'Night currency flights.' });
      expect(await list('orgadmin@skyline.test', '?search=south%20ramp')).toEqual({ items: [{ ...created, member_count: 0, trip_count: 0 }], total: 1 });

      const audit = await s.call(
        'superadmin@skyline.test',
        'GET',
        `/api/audit-log?action=sub-orgs.create&user_id=${await skylogIdOf(t, 'orgadmin@skyline.test')}`,
      );
      expect(auditListSchema.parse(audit.json()).items.map((entry) => entry.resource)).toContain(`sub_orgs/${created.id}`);
    });

    it('the admin_secondary creates one; the description is optional', async () => {
      const created = await createSubOrg('secondary@skyline.test', { name: 'East Hangar' });
      expect(created).toMatchObject({ org_id: skylineId, name: 'East Hangar', description: null });
    });

    it('an org admin cannot place one in another organization: refused (not silently made at home) and audited', async () => {
      const response = await s.call('orgadmin@skyline.test', 'POST', '/api/sub-orgs', { name: 'Planted Base', org_id: harborId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found', fields: { org_id: 'Organization not found' } });
      expect(await list('admin@harbor.test', '?search=Planted')).toEqual({ items: [], total: 0 });
      expect(await list('orgadmin@skyline.test', '?search=Planted')).toEqual({ items: [], total: 0 });
      const own = await createSubOrg('orgadmin@skyline.test', { name: 'Home Base', org_id: skylineId });
      expect(own.org_id).toBe(skylineId);
    });

    it('the super_admin creates one in a chosen organization', async () => {
      const created = await createSubOrg('superadmin@skyline.test', { name: 'Harbor Float Dock', org_id: harborId });
      expect(created.org_id).toBe(harborId);
      expect((await list('admin@harbor.test', '?search=Float')).items.map((item) => item.id)).toEqual([created.id]);
    });

    it('the name is required: 400 with fields.name', async () => {
      for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 42 }]) {
        const response = await s.call('orgadmin@skyline.test', 'POST', '/api/sub-orgs', payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ status: 400, code: 'validation_error', fields: { name: 'Name is required' } });
      }
      const tooLong = await s.call('orgadmin@skyline.test', 'POST', '/api/sub-orgs', { name: 'x'.repeat(201) });
      expect(tooLong.statusCode).toBe(400);
      const unknown = await s.call('orgadmin@skyline.test', 'POST', '/api/sub-orgs', { name: 'Ok', members: [] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toHaveProperty('members');
    });

    for (const actor of everyoneButOrgAdmins) {
      it(`${actor}: 403 and nothing created`, async () => {
        const name = `Denied ${actor}`;
        const response = await s.call(actor, 'POST', '/api/sub-orgs', { name });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
        expect(await list('orgadmin@skyline.test', `?search=${encodeURIComponent(name)}`)).toEqual({ items: [], total: 0 });
      });
    }
  });

  describe('PATCH /api/sub-orgs', () => {
    const update = async (actor: string, payload: object) => s.call(actor, 'PATCH', '/api/sub-orgs', payload);

    it('a body without id answers 400 with the spec’s message', async () => {
      for (const payload of [{ name: 'No Id' }, { id: 'north', name: 'No Id' }]) {
        const response = await update('orgadmin@skyline.test', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          status: 400,
          code: 'validation_error',
          message: 'Sub org data must include id',
          fields: { id: 'Sub org data must include id' },
        });
      }
    });

    it('an org admin renames and describes a sub-organization of their organization', async () => {
      const created = await createSubOrg('orgadmin@skyline.test', { name: 'West Apron' });
      const renamed = await update('orgadmin@skyline.test', { id: created.id, name: 'West Apron Ops' });
      expect(renamed.statusCode).toBe(200);
      expect(subOrgSchema.parse(renamed.json())).toEqual({ ...created, name: 'West Apron Ops' });
      const described = await update('secondary@skyline.test', { id: created.id, description: 'Glider towing.' });
      expect(described.json()).toEqual({ ...created, name: 'West Apron Ops', description: 'Glider towing.' });
      expect((await readSubOrg(created.id)).json()).toEqual({ ...created, name: 'West Apron Ops', description: 'Glider towing.' });
      const cleared = await update('orgadmin@skyline.test', { id: created.id, description: null });
      expect(cleared.json().description).toBeNull();
    });

    it('a sub_org_admin renames their own sub-organization, not the other one (404)', async () => {
      const renamed = await update('suborgadmin@skyline.test', { id: northId, name: 'North Field Ops' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ id: northId, name: 'North Field Ops' });
      const restored = await update('suborgsecondary@skyline.test', { id: northId, name: 'North Field' });
      expect(restored.statusCode).toBe(200);

      for (const actor of ['suborgadmin@skyline.test', 'suborgsecondary@skyline.test']) {
        const response = await update(actor, { id: lakesideId, name: 'Taken Over' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
      }
      expect((await readSubOrg(lakesideId)).json().name).toBe('Lakeside');
    });

    it('another organization’s sub-organization answers 404 and stays as is', async () => {
      const response = await update('admin@harbor.test', { id: northId, name: 'Harbor North' });
      expect(response.statusCode).toBe(404);
      const missing = await update('orgadmin@skyline.test', { id: missingId, name: 'Nowhere' });
      expect(missing.statusCode).toBe(404);
      expect(response.json()).toEqual(missing.json());
      expect((await readSubOrg(northId)).json().name).toBe('North Field');
    });

    it('an empty name answers 400', async () => {
      const response = await update('orgadmin@skyline.test', { id: lakesideId, name: ' ' });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.name).toBe('Name is required');
    });

    for (const actor of ['instructor@skyline.test', 'student@skyline.test']) {
      it(`${actor}: 403`, async () => {
        const response = await update(actor, { id: northId, name: 'Mine' });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
        expect((await readSubOrg(northId)).json().name).toBe('North Field');
      });
    }
  });

  describe('DELETE /api/sub-orgs/{id}', () => {
    const remove = async (actor: string, id: string) => s.call(actor, 'DELETE', `/api/sub-orgs/${id}`);

    it('a sub-organization with members answers 409, names the count, says to move them first, and stays', async () => {
      const north = await remove('orgadmin@skyline.test', northId);
      expect(north.statusCode).toBe(409);
      expect(north.json()).toEqual({
        status: 409,
        code: 'conflict',
        message: 'North Field still has 7 members. Move them to another sub-organization or remove them first.',
      });
      const lakeside = await remove('secondary@skyline.test', lakesideId);
      expect(lakeside.statusCode).toBe(409);
      expect(lakeside.json().message).toMatch(/\b3 members\b.*Move them/);
      expect(await list('orgadmin@skyline.test', '?search=North%20Field')).toEqual({
        items: [expect.objectContaining({ id: northId, member_count: 7 })],
        total: 1,
      });
      expect((await s.call('student@skyline.test', 'GET', '/api/me')).json().sub_org_id).toBe(northId);
    });

    it('an empty one is deleted: 204, then 404', async () => {
      const created = await createSubOrg('orgadmin@skyline.test', { name: 'Short Lived' });
      const response = await remove('orgadmin@skyline.test', created.id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await readSubOrg(created.id)).statusCode).toBe(404);
      expect(await list('orgadmin@skyline.test', '?search=Short%20Lived')).toEqual({ items: [], total: 0 });
      expect((await remove('orgadmin@skyline.test', created.id)).statusCode).toBe(404);
    });

    it('another organization’s sub-organization answers 404 and stays', async () => {
      const created = await createSubOrg('orgadmin@skyline.test', { name: 'Not Harbors' });
      const response = await remove('admin@harbor.test', created.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
      expect((await readSubOrg(created.id)).statusCode).toBe(200);
    });

    for (const actor of everyoneButOrgAdmins) {
      it(`${actor}: 403 and nothing deleted`, async () => {
        const created = await createSubOrg('orgadmin@skyline.test', { name: `Kept from ${actor}` });
        const response = await remove(actor, created.id);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
        expect((await readSubOrg(created.id)).statusCode).toBe(200);
      });
    }
  });

  describe('POST /api/orgs and PATCH /api/orgs/{id}', () => {
    const everyoneButSuperAdmin = ['orgadmin@skyline.test', 'secondary@skyline.test', 'admin@harbor.test', ...everyoneButOrgAdmins];

    it('the super_admin creates an organization: 201, listed, audited', async () => {
      const response = await s.call('superadmin@skyline.test', 'POST', '/api/orgs', { name: ' Bayside Gliding Club ' });
      expect(response.statusCode).toBe(201);
      const org = orgSchema.parse(response.json());
      expect(org.name).toBe('Bayside Gliding Club');
      const orgs = orgListSchema.parse((await s.call('superadmin@skyline.test', 'GET', '/api/orgs')).json());
      expect(orgs.items).toContainEqual(org);
      const audit = await s.call('superadmin@skyline.test', 'GET', `/api/audit-log?action=orgs.create`);
      expect(auditListSchema.parse(audit.json()).items.map((entry) => entry.resource)).toContain(`orgs/${org.id}`);
    });

    it('the name is required', async () => {
      for (const payload of [{}, { name: '' }, { name: '  ' }]) {
        const response = await s.call('superadmin@skyline.test', 'POST', '/api/orgs', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().fields.name).toBe('Name is required');
      }
    });

    for (const actor of everyoneButSuperAdmin) {
      it(`${actor} cannot create an organization: 403`, async () => {
        const response = await s.call(actor, 'POST', '/api/orgs', { name: `Rogue school of ${actor}` });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
        const orgs = orgListSchema.parse((await s.call('superadmin@skyline.test', 'GET', '/api/orgs')).json());
        expect(orgs.items.map((org) => org.name)).not.toContain(`Rogue school of ${actor}`);
      });
    }

    it('the super_admin renames an organization', async () => {
      const created = orgSchema.parse((await s.call('superadmin@skyline.test', 'POST', '/api/orgs', { name: 'Old Name Aero' })).json());
      const response = await s.call('superadmin@skyline.test', 'PATCH', `/api/orgs/${created.id}`, { name: 'New Name Aero' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: created.id, name: 'New Name Aero' });
      expect((await s.call('superadmin@skyline.test', 'GET', `/api/orgs/${created.id}`)).json()).toEqual({
        id: created.id,
        name: 'New Name Aero',
      });
      const blank = await s.call('superadmin@skyline.test', 'PATCH', `/api/orgs/${created.id}`, { name: '' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fields.name).toBe('Name is required');
      const missing = await s.call('superadmin@skyline.test', 'PATCH', `/api/orgs/${missingId}`, { name: 'Ghost' });
      expect(missing.statusCode).toBe(404);
    });

    for (const actor of everyoneButSuperAdmin) {
      it(`${actor} cannot rename an organization, not even their own: 403`, async () => {
        const own = (await s.call(actor, 'GET', '/api/me')).json().org_id as string;
        const response = await s.call(actor, 'PATCH', `/api/orgs/${own}`, { name: 'Renamed' });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
        expect((await s.call('superadmin@skyline.test', 'GET', `/api/orgs/${own}`)).json().name).not.toBe('Renamed');
      });
    }
  });
});
