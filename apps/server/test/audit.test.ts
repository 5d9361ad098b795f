import { auditListSchema, type AuditEntry } from '@skylog/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';

describe('the audit log', () => {
  let t: TestApp;
  const cookies = new Map<string, string>();
  let skylineId: string;
  let harborId: string;
  let harborPeople: string[];
  let skylinePeople: string[];

  async function as(email: string): Promise<string> {
    if (!cookies.has(email)) cookies.set(email, await t.signIn(email));
    return cookies.get(email)!;
  }

  async function list(viewer: string, query = ''): Promise<{ items: AuditEntry[]; total: number }> {
    const response = await t.request({ method: 'GET', url: `/api/audit-log${query}`, cookie: await as(viewer) });
    expect(response.statusCode).toBe(200);
    return auditListSchema.parse(response.json());
  }

  const countRows = async (where?: ReturnType<typeof eq>) =>
    (await t.ctx.db.select({ value: count() }).from(auditLog).where(where))[0]!.value;

  beforeAll(async () => {
    t = await createTestApp();
    // Some activity in both schools: sign-ins (success) and a denied call each.
    for (const email of ['orgadmin@skyline.test', 'instructor@skyline.test', 'admin@harbor.test', 'pilot@harbor.test']) await as(email);
    await t.request({ method: 'GET', url: '/api/audit-log', cookie: await as('pilot@harbor.test') });
    await t.request({ method: 'GET', url: '/api/audit-log', cookie: await as('instructor@skyline.test') });
    skylineId = (await t.request({ method: 'GET', url: '/api/me', cookie: await as('orgadmin@skyline.test') })).json().org_id;
    harborId = (await t.request({ method: 'GET', url: '/api/me', cookie: await as('admin@harbor.test') })).json().org_id;
    harborPeople = [await skylogIdOf(t, 'admin@harbor.test'), await skylogIdOf(t, 'pilot@harbor.test')];
    skylinePeople = [await skylogIdOf(t, 'orgadmin@skyline.test'), await skylogIdOf(t, 'instructor@skyline.test')];
  });
  afterAll(async () => t.close());

  describe('append-only storage', () => {
    it('refuses UPDATE of audit rows', async () => {
      const before = await countRows(eq(auditLog.action, 'auth.sign-in'));
      expect(before).toBeGreaterThan(0);
      await expect(t.ctx.db.execute(sql`update audit_log set action = 'tampered'`)).rejects.toThrow();
      expect(await countRows(eq(auditLog.action, 'tampered'))).toBe(0);
      expect(await countRows(eq(auditLog.action, 'auth.sign-in'))).toBe(before);
    });

    it('refuses DELETE of audit rows', async () => {
      const before = await countRows();
      await expect(t.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
      await expect(t.ctx.db.execute(sql`delete from audit_log where id = (select min(id) from audit_log)`)).rejects.toThrow();
      expect(await countRows()).toBe(before);
    });

    it('refuses TRUNCATE of the audit log', async () => {
      const before = await countRows();
      await expect(t.ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
      expect(await countRows()).toBe(before);
    });

    it('still records new entries afterwards', async () => {
      const before = await countRows();
      await t.signIn('secondary@skyline.test');
      expect(await countRows()).toBe(before + 1);
    });
  });

  describe('GET /api/audit-log', () => {
    it('shows the super_admin the entries of every organization, newest first', async () => {
      const { items, total } = await list('superadmin@skyline.test');
      expect(total).toBe(await countRows());
      const users = new Set(items.map((entry) => entry.userId));
      for (const id of [...harborPeople, ...skylinePeople]) expect(users.has(id)).toBe(true);
      const times = items.map((entry) => Date.parse(entry.timestamp));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('shows an org_admin only the entries of their organization', async () => {
      const { items, total } = await list('orgadmin@skyline.test');
      expect(total).toBe(await countRows(eq(auditLog.orgId, skylineId)));
      expect(items.length).toBeGreaterThan(0);
      for (const entry of items) expect(harborPeople).not.toContain(entry.userId);
      expect(items.some((entry) => entry.userId === skylinePeople[1])).toBe(true);
    });

    it('shows the Harbor admin only Harbor entries', async () => {
      const { items, total } = await list('admin@harbor.test');
      expect(total).toBe(await countRows(eq(auditLog.orgId, harborId)));
      expect(items.length).toBeGreaterThan(0);
      for (const entry of items) expect(harborPeople).toContain(entry.userId);
    });

    it('keeps to the organization even when filtering by a user of another one', async () => {
      const { items, total } = await list('orgadmin@skyline.test', `?user_id=${harborPeople[0]}`);
      expect(total).toBe(0);
      expect(items).toEqual([]);
    });

    it('lets the admin_secondary read it too', async () => {
      const { total } = await list('secondary@skyline.test');
      expect(total).toBe(await countRows(eq(auditLog.orgId, skylineId)));
    });

    it('filters by status and action', async () => {
      const denied = await list('superadmin@skyline.test', '?status=denied');
      expect(denied.items.length).toBeGreaterThanOrEqual(2);
      for (const entry of denied.items) expect(entry.status).toBe('denied');

      const signIns = await list('superadmin@skyline.test', '?action=auth.sign-in&status=success');
      expect(signIns.items.length).toBeGreaterThanOrEqual(5);
      for (const entry of signIns.items) expect(entry).toMatchObject({ action: 'auth.sign-in', status: 'success' });
    });

    it('records a denied call with the spec fields: path, isSelfAccess, timestamp', async () => {
      const { items } = await list('superadmin@skyline.test', `?status=denied&user_id=${skylinePeople[1]}`);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        userId: skylinePeople[1],
        userRole: 'instructor',
        action: 'audit.list',
        status: 'denied',
        details: { path: '/api/audit-log', isSelfAccess: false },
      });
      expect(Number.isNaN(Date.parse(String(items[0]!.details.timestamp)))).toBe(false);
    });

    it('answers 403 to an instructor and a student', async () => {
      for (const email of ['instructor@skyline.test', 'student@skyline.test', 'suborgadmin@skyline.test']) {
        const response = await t.request({ method: 'GET', url: '/api/audit-log', cookie: await as(email) });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ status: 403, code: 'forbidden', message: "You don't have permission to access this page" });
      }
    });

    it('answers 401 without a session and 400 for an unknown status filter', async () => {
      expect((await t.request({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(401);
      const invalid = await t.request({ method: 'GET', url: '/api/audit-log?status=deleted', cookie: await as('superadmin@skyline.test') });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().code).toBe('validation_error');
    });
  });
});
