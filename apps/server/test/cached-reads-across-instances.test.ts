import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, type School } from './factories.ts';
import { createTestApp, query, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';

// Each instance keeps what GET /api/me reads per person (modules/users/me-cache.ts) and recently read aircraft
// (modules/aircraft/aircraft-cache.ts) in memory. Two instances on one database: whatever changes them on one,
// or in the database by any other means, shows in the other's next answer as soon as the database's
// announcement arrives (at once with the embedded database, within milliseconds on PostgreSQL: `eventually`),
// and in the changing instance's own at once.
describe('reads kept in memory, across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let school: School;
  let student: { email: string; id: string };
  let subOrgId: string;
  const onA = sessions(() => a);
  const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2000, interval: 5 });

  beforeAll(async () => {
    a = await createTestApp({ seed: false });
    b = await a.anotherInstance();
    school = await createSchool(a, onA, 'Remembered Aero');
    subOrgId = await school.addSubOrg('North Field');
    student = await school.addPerson('student', { subOrgId });
  });
  afterAll(async () => a?.close());

  const meOn = async (instance: TestApp, email: string) => {
    const response = await instance.request({ method: 'GET', url: '/api/me', cookie: await onA.as(email) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { name: string | null; phone: string | null; email_verified: boolean; org: { name: string }; sub_org: { name: string } | null };
  };

  it("a person's own profile change shows at once where it was made and on the other instance", async () => {
    expect((await meOn(b, student.email)).phone).toBeNull();
    const changed = await onA.call(student.email, 'PATCH', `/api/users/${student.id}`, { name: 'Renamed Student', phone: '+16505550101' });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await meOn(a, student.email)).toMatchObject({ name: 'Renamed Student', phone: '+16505550101' });
    await eventually(async () => (await meOn(b, student.email)).name).toBe('Renamed Student');
  });

  it('a renamed sub-organization or organization shows in the me of everyone in it', async () => {
    expect((await meOn(b, student.email)).sub_org?.name).toBe('North Field');
    expect((await onA.call(school.owner, 'PATCH', '/api/sub-orgs', { id: subOrgId, name: 'North Field East' })).statusCode).toBe(200);
    expect((await meOn(a, student.email)).sub_org?.name).toBe('North Field East');
    await eventually(async () => (await meOn(b, student.email)).sub_org?.name).toBe('North Field East');

    // By an operator's SQL, not through Skylog: announced all the same.
    const before = (await meOn(b, school.owner)).org.name;
    await query(a, sql`update orgs set name = ${`${before} (renamed)`} where id = (select org_id from users where skylog_id = ${student.id})`);
    await eventually(async () => (await meOn(b, student.email)).org.name).toBe(`${before} (renamed)`);
    await eventually(async () => (await meOn(b, school.owner)).org.name).toBe(`${before} (renamed)`);
  });

  it("a change of the sign-in identity (the e-mail's verification) shows on both instances", async () => {
    const verified = (await meOn(b, student.email)).email_verified;
    await query(a, sql`update auth_user set email_verified = ${!verified} where id = (select auth_id from users where skylog_id = ${student.id})`);
    await eventually(async () => (await meOn(b, student.email)).email_verified).toBe(!verified);
    expect((await meOn(a, student.email)).email_verified).toBe(!verified);
  });

  it('an aircraft changed or removed on one instance is answered as it is now by the other', async () => {
    const created = await onA.call(school.owner, 'POST', '/api/aircraft', { tail_number: 'N4821C', call_sign: 'Remembered 1', type: 'Cessna 172S' });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/aircraft/${created.json().id as string}`;
    const onB = async () => b.request({ method: 'GET', url, cookie: await onA.as(school.owner) });
    expect((await onB()).json().call_sign).toBe('Remembered 1');
    expect((await onA.call(school.owner, 'PATCH', url, { call_sign: 'Remembered 2' })).statusCode).toBe(200);
    expect((await onA.call(school.owner, 'GET', url)).json().call_sign).toBe('Remembered 2');
    await eventually(async () => (await onB()).json().call_sign).toBe('Remembered 2');
    await query(a, sql`update aircraft set notes = 'Annual due' where id = ${created.json().id as string}`);
    await eventually(async () => (await onB()).json().notes).toBe('Annual due');
    expect((await onA.call(school.owner, 'DELETE', url)).statusCode).toBe(204);
    await eventually(async () => (await onB()).statusCode).toBe(404);
  });
});
