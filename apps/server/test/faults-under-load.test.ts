import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, type School } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { straightTrack } from './trips-helper.ts';

// Only PostgreSQL has connections to lose: the embedded database lives in the server's own process.
describe.skipIf(process.env.SKYLOG_TEST_DB !== 'postgres')('a database that drops every connection under load', () => {
  let a: TestApp;
  let b: TestApp;
  let school: School;
  let pilot: { email: string; id: string };
  const s = sessions(() => a);

  beforeAll(async () => {
    a = await createTestApp({ seed: false });
    b = await a.anotherInstance();
    school = await createSchool(a, s, 'Dropped Links Aero');
    pilot = await school.addPerson('student');
    for (let index = 0; index < 3; index += 1) {
      const created = await s.call(pilot.email, 'POST', '/api/trips', {
        trip_name: `Before the outage ${index}`,
        points: straightTrack({ start: Date.parse('2026-01-10T15:00:00Z') + index * 3_600_000, count: 5 }),
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });
  afterAll(async () => a?.close());

  /** A mix of what a school's screens ask, spread over both instances, `concurrency` at a time. */
  async function burst(count: number, concurrency: number, during?: () => Promise<void>) {
    const cookie = await s.as(pilot.email);
    const urls = ['/api/me', '/api/trips?page=0', '/api/trips?page=0&search=outage', '/api/aircraft'];
    const statuses: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const index = (next += 1);
        const instance = index % 2 === 0 ? a : b;
        statuses.push((await instance.request({ method: 'GET', url: urls[index % urls.length]!, cookie })).statusCode);
      }
    };
    await Promise.all([...Array.from({ length: concurrency }, worker), during?.()]);
    return statuses;
  }

  it('costs at most the requests in flight: every request after it succeeds, on both instances, and nothing was lost', async () => {
    expect(new Set(await burst(40, 10))).toEqual(new Set([200]));

    const during = await burst(300, 20, async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      // Every other connection to this database (both instances' pools and their listening connections) ends,
      // as a database restart or failover ends them.
      await a.ctx.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    });
    // Only requests whose query was on a connection as it ended may fail, and only with the one error shape.
    expect(during.filter((status) => status !== 200 && status !== 500)).toEqual([]);
    expect(during.filter((status) => status === 500).length).toBeLessThanOrEqual(20 * 2);

    expect(new Set(await burst(200, 20))).toEqual(new Set([200]));
    const list = await b.request({ method: 'GET', url: '/api/trips', cookie: await s.as(pilot.email) });
    expect(list.json().total).toBe(3);
    // A flight added after the outage counts on the other instance too.
    const created = await s.call(pilot.email, 'POST', '/api/trips', { trip_name: 'After the outage', points: straightTrack({ start: Date.parse('2026-01-11T15:00:00Z'), count: 5 }) });
    expect(created.statusCode, created.body).toBe(201);
    await expect
      .poll(async () => (await b.request({ method: 'GET', url: '/api/trips', cookie: await s.as(pilot.email) })).json().total, { timeout: 10_000, interval: 20 })
      .toBe(4);
  });
});
