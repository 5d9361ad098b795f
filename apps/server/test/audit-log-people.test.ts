import { auditListSchema, type AuditEntry } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';

/** The RBAC page's audit log names people (name, e-mail, role) and is searched by person, not by id. */
describe('the audit log by person', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const suffix = Date.now().toString(36);
  const gone = { email: `gone.${suffix}@skyline.test`, name: `Gwen Gone ${suffix}`, id: '' };
  let iris: string;
  let hank: string;

  async function list(viewer: string, query: Record<string, string> = {}): Promise<{ items: AuditEntry[]; total: number }> {
    const response = await s.call(viewer, 'GET', `/api/audit-log?${new URLSearchParams(query).toString()}`);
    expect(response.statusCode, response.body).toBe(200);
    return auditListSchema.parse(response.json());
  }

  beforeAll(async () => {
    t = await createTestApp();
    iris = (await s.call('instructor@skyline.test', 'GET', '/api/me')).json().skylog_id;
    hank = (await s.call('admin@harbor.test', 'GET', '/api/me')).json().skylog_id;
    // A denied call each, so both people have entries besides their sign-in.
    await s.call('instructor@skyline.test', 'GET', '/api/audit-log');
    await s.call('pilot@harbor.test', 'GET', '/api/audit-log');
    // Someone who signs in and is then deleted: their entries stay, under their id.
    gone.id = await s.addPerson('orgadmin@skyline.test', { email: gone.email, name: gone.name, user_type: 'student' });
    await s.as(gone.email);
    const deleted = await s.call('orgadmin@skyline.test', 'DELETE', `/api/users/${gone.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
  });
  afterAll(async () => t.close());

  it("names each entry's person as they are now, with the role the entry was made in", async () => {
    const { items } = await list('orgadmin@skyline.test', { user_id: iris });
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const entry of items) {
      expect(entry).toMatchObject({ userId: iris, userName: 'Iris Calder', userEmail: 'instructor@skyline.test', userRole: 'instructor' });
    }
  });

  it('finds a person by part of their name or e-mail, in any case', async () => {
    const byId = await list('orgadmin@skyline.test', { user_id: iris });
    for (const person of ['iris', 'CALDER', 'is Cal', 'instructor@skyline', 'INSTRUCTOR@SKYLINE.TEST']) {
      const found = await list('orgadmin@skyline.test', { person });
      expect(found.total, person).toBe(byId.total);
      expect(found.items.map((entry) => entry.id)).toEqual(byId.items.map((entry) => entry.id));
    }
  });

  it('combines with the other filters and with user_id', async () => {
    const denied = await list('orgadmin@skyline.test', { person: 'Calder', status: 'denied', action: 'audit.list' });
    expect(denied.total).toBe(1);
    expect(denied.items[0]).toMatchObject({ userName: 'Iris Calder', status: 'denied', details: { path: '/api/audit-log' } });
    expect((await list('orgadmin@skyline.test', { person: 'Calder', user_id: iris })).total).toBeGreaterThanOrEqual(2);
    expect(await list('orgadmin@skyline.test', { person: 'Olivia', user_id: iris })).toEqual({ items: [], total: 0 });
  });

  it('never crosses organizations: an org admin finds nobody of another school; the super_admin does', async () => {
    for (const person of ['Hank Osei', 'admin@harbor.test', 'harbor.test']) {
      expect(await list('orgadmin@skyline.test', { person }), person).toEqual({ items: [], total: 0 });
    }
    const harborAdmin = await list('admin@harbor.test', { person: 'harbor.test' });
    expect(harborAdmin.total).toBeGreaterThan(0);
    expect(harborAdmin.items.every((entry) => entry.userEmail?.endsWith('@harbor.test'))).toBe(true);
    expect(await list('admin@harbor.test', { person: 'Iris Calder' })).toEqual({ items: [], total: 0 });
    const everywhere = await list('superadmin@skyline.test', { person: 'Hank Osei' });
    expect(everywhere.total).toBeGreaterThan(0);
    expect(everywhere.items.every((entry) => entry.userId === hank)).toBe(true);
  });

  it('takes % and _ literally and matches nothing for a stranger', async () => {
    for (const person of ['%', '_', 'Nobody Here'])
      expect(await list('superadmin@skyline.test', { person }), person).toEqual({ items: [], total: 0 });
  });

  it("keeps a deleted person's entries under their id, without a name", async () => {
    const { items } = await list('orgadmin@skyline.test', { user_id: gone.id });
    expect(items.length).toBeGreaterThan(0);
    for (const entry of items) expect(entry).toMatchObject({ userId: gone.id, userName: null, userEmail: null });
    // Their name is gone from the people table, so a search by it finds nothing.
    expect((await list('orgadmin@skyline.test', { person: gone.name })).total).toBe(0);
  });

  it('an empty search is no filter; one over 100 characters is refused', async () => {
    expect((await list('orgadmin@skyline.test', { person: '  ' })).total).toBe((await list('orgadmin@skyline.test')).total);
    const long = await s.call('orgadmin@skyline.test', 'GET', `/api/audit-log?person=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('person');
  });
});
