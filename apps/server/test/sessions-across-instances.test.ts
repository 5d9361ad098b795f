import { messages } from '@skylog/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeedApplicationName } from '../src/db/change-feed.ts';
import { authSession, users } from '../src/db/schema/index.ts';
import { createSchool, type School } from './factories.ts';
import { appOrigin, createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';

// Each instance keeps the people behind recent sessions in memory (lib/session-cache.ts) for up to a
// minute. These tests run two instances on one database, as behind a load balancer, and check that every
// change that ends a session or changes what its person may do is obeyed by the other instance as soon as
// the database's announcement reaches it: at once with the embedded database (one process), and on
// PostgreSQL within the moment the notification takes to arrive (`eventually`, well under the minute).
describe('sessions and permissions across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let school: School;
  const s = sessions(() => a);

  beforeAll(async () => {
    a = await createTestApp({ seed: false });
    b = await a.anotherInstance();
    school = await createSchool(a, s, 'Two Field Aviation');
  });
  afterAll(async () => a?.close());

  /** A new person signed in on instance A, their session already in use (and remembered) on instance B. */
  async function personSeenByBoth(role: 'student' | 'admin_secondary') {
    const person = await school.addPerson(role);
    const cookie = await s.as(person.email);
    for (let i = 0; i < 2; i++) expect((await b.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
    return { ...person, cookie };
  }

  const meOn = (instance: TestApp, cookie: string) => instance.request({ method: 'GET', url: '/api/me', cookie });
  const statusOn = async (instance: TestApp, url: string, cookie: string) => (await instance.request({ method: 'GET', url, cookie })).statusCode;
  /** The status instance B answers once the change's announcement has arrived (PostgreSQL delivers it to B's own connection). */
  const eventually = (url: string, cookie: string) => expect.poll(() => statusOn(b, url, cookie), { timeout: 2000, interval: 5 });

  it('a sign-out on one instance ends the session on the other at once', async () => {
    const { cookie } = await personSeenByBoth('student');
    expect((await meOn(a, cookie)).statusCode).toBe(200);
    const signOut = await a.request({ method: 'POST', url: '/api/auth/sign-out', cookie, headers: { origin: appOrigin }, payload: {} });
    expect(signOut.statusCode).toBe(200);
    // The instance that made the change answered only after hearing it: refused at once, no waiting.
    expect((await meOn(a, cookie)).statusCode).toBe(401);
    await eventually('/api/me', cookie).toBe(401);
    expect((await meOn(b, cookie)).json().message).toBe(messages.notSignedIn);
  });

  it('a role changed on one instance signs the person out on the other at once', async () => {
    const admin = await personSeenByBoth('admin_secondary');
    expect(await statusOn(b, '/api/audit-log', admin.cookie)).toBe(200);
    const demoted = await s.call(school.owner, 'PUT', `/api/users/${admin.id}/role`, { user_type: 'student' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    await eventually('/api/audit-log', admin.cookie).toBe(401);
  });

  it('a deactivation on one instance signs the person out on the other at once', async () => {
    const student = await personSeenByBoth('student');
    expect((await s.call(school.owner, 'POST', `/api/users/${student.id}/deactivate`, {})).statusCode).toBe(200);
    await eventually('/api/me', student.cookie).toBe(401);
  });

  it('a move to another sub-organization on one instance signs the person out on the other at once', async () => {
    const student = await personSeenByBoth('student');
    const subOrgId = await school.addSubOrg('North Field');
    const moved = await s.call(school.owner, 'POST', `/api/users/${student.id}/assignment`, { sub_org_id: subOrgId });
    expect(moved.statusCode, moved.body).toBe(200);
    await eventually('/api/me', student.cookie).toBe(401);
  });

  it("changes made outside Skylog's code (an operator's SQL) are obeyed too", async () => {
    const first = await personSeenByBoth('student');
    await a.ctx.db.delete(authSession).where(eq(authSession.token, tokenOf(first.cookie)));
    await eventually('/api/me', first.cookie).toBe(401);

    const second = await personSeenByBoth('student');
    await a.ctx.db.update(users).set({ isActive: false }).where(eq(users.skylogId, second.id));
    await eventually('/api/me', second.cookie).toBe(401);

    // A role changed in place, the session kept: the other instance acts on the new role.
    const admin = await personSeenByBoth('admin_secondary');
    expect(await statusOn(b, '/api/audit-log', admin.cookie)).toBe(200);
    await a.ctx.db.update(users).set({ userType: 'student' }).where(eq(users.skylogId, admin.id));
    await eventually('/api/audit-log', admin.cookie).toBe(403);
  });

  // Only PostgreSQL has a connection to lose: the embedded database lives in this process.
  it.skipIf(process.env.SKYLOG_TEST_DB !== 'postgres')(
    'while the other instance cannot hear the database it checks every session there, and after reconnecting it listens again',
    async () => {
      const student = await personSeenByBoth('student');
      const listening = sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${changeFeedApplicationName}`;
      const listeners = async () => ((await a.ctx.db.execute(listening)) as unknown as { rows: { pid: number }[] }).rows.map((row) => row.pid);
      const before = await listeners();
      expect(before).toHaveLength(2);
      // End both instances' listening connections, as a database restart or a network cut would.
      await a.ctx.db.execute(sql`select pg_terminate_backend(pid) from (${listening}) as listener`);
      await a.ctx.db.delete(authSession).where(eq(authSession.token, tokenOf(student.cookie)));
      await eventually('/api/me', student.cookie).toBe(401);

      await expect.poll(async () => (await listeners()).filter((pid) => !before.includes(pid)).length, { timeout: 10_000 }).toBe(2);
      const again = await personSeenByBoth('student');
      await s.call(school.owner, 'POST', `/api/users/${again.id}/deactivate`, {});
      await eventually('/api/me', again.cookie).toBe(401);
    },
  );
});

/** The session token inside a signed `skylog.session_token` cookie. */
function tokenOf(cookieHeader: string): string {
  const value = /skylog\.session_token=([^;]+)/.exec(cookieHeader)![1]!;
  return decodeURIComponent(value).split('.')[0]!;
}

