import { subOrgFlightStatsSchema, subOrgSchema, tripListSchema, type SubOrgFlightStats } from '@skylog/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { missingId, permissionDenied, sessions } from './people-helper.ts';
import { straightTrack, tripsApi } from './trips-helper.ts';

/**
 * docs/product.md "Organizations and sub-organizations": sub-organization admins cannot open flight screens, so their
 * sub-organization page shows flights and hours per member, from GET /api/sub-orgs/:id/flight-stats.
 */
describe('GET /api/sub-orgs/:id/flight-stats', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  let northId: string;
  let lakesideId: string;
  let harborSubOrgId: string;
  let wingId: string;
  const wing = { student: '', instructor: '', idle: '' };
  const suffix = Date.now().toString(36);
  const emails = {
    student: `wing.student.${suffix}@skyline.test`,
    instructor: `wing.instructor.${suffix}@skyline.test`,
    idle: `wing.idle.${suffix}@skyline.test`,
  };

  const url = (id: string) => `/api/sub-orgs/${id}/flight-stats`;

  async function stats(viewer: string, id: string): Promise<SubOrgFlightStats> {
    const response = await s.call(viewer, 'GET', url(id));
    expect(response.statusCode, response.body).toBe(200);
    return subOrgFlightStatsSchema.parse(response.json());
  }

  /**
   * A flight of `seconds` entered by the org admin with its crew; it belongs to the left seat's
   * sub-organization (the admin has none).
   */
  async function fly(seconds: number, crew: { left_seat: string; right_seat?: string }) {
    await trips.create('orgadmin@skyline.test', {
      trip_name: `Wing flight ${seconds}s`,
      points: straightTrack({ start: Date.parse('2024-06-01T10:00:00Z'), count: seconds + 1 }),
      ...crew,
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    const stella = (await s.call('student@skyline.test', 'GET', '/api/me')).json();
    northId = stella.sub_org_id;
    lakesideId = (await s.call('jonas.berg@skyline.test', 'GET', '/api/me')).json().sub_org_id;
    const harborSub = await s.call('admin@harbor.test', 'POST', '/api/sub-orgs', { name: `Harbor Stats ${suffix}` });
    expect(harborSub.statusCode, harborSub.body).toBe(201);
    harborSubOrgId = subOrgSchema.parse(harborSub.json()).id;

    // A sub-organization of its own, so every figure is known: the student flies 60 s, then 120 s
    // with the instructor in the right seat; the third member never flies.
    const created = await s.call('orgadmin@skyline.test', 'POST', '/api/sub-orgs', { name: `Stats Wing ${suffix}` });
    expect(created.statusCode, created.body).toBe(201);
    wingId = subOrgSchema.parse(created.json()).id;
    wing.student = await s.addPerson('orgadmin@skyline.test', {
      email: emails.student,
      name: 'Wendy Wing',
      user_type: 'student',
      sub_org_id: wingId,
    });
    wing.instructor = await s.addPerson('orgadmin@skyline.test', {
      email: emails.instructor,
      name: 'Ivan Wing',
      user_type: 'instructor',
      sub_org_id: wingId,
    });
    wing.idle = await s.addPerson('orgadmin@skyline.test', {
      email: emails.idle,
      name: 'Ada Wing',
      user_type: 'student',
      sub_org_id: wingId,
    });
    await fly(60, { left_seat: wing.student });
    await fly(120, { left_seat: wing.student, right_seat: wing.instructor });
    // Stella (North Field) flies with the wing's student in the right seat: a North Field flight, not the wing's.
    await fly(30, { left_seat: stella.skylog_id, right_seat: wing.student });
  });
  afterAll(async () => t.close());

  it("gives each member's flights in the sub-organization and their flight time, by name", async () => {
    expect(await stats('orgadmin@skyline.test', wingId)).toEqual({
      items: [
        { skylog_id: wing.idle, name: 'Ada Wing', email: emails.idle, user_type: 'student', flights: 0, flight_time_ms: 0 },
        {
          skylog_id: wing.instructor,
          name: 'Ivan Wing',
          email: emails.instructor,
          user_type: 'instructor',
          flights: 1,
          flight_time_ms: 120_000,
        },
        { skylog_id: wing.student, name: 'Wendy Wing', email: emails.student, user_type: 'student', flights: 2, flight_time_ms: 180_000 },
      ],
    });
  });

  it('agrees with the flights list of each member in that sub-organization (owner or a seat)', async () => {
    const { items } = await stats('orgadmin@skyline.test', northId);
    expect(items.length).toBeGreaterThan(0);
    for (const member of items) {
      const response = await s.call(
        'orgadmin@skyline.test',
        'GET',
        `/api/trips?pilot_id=${member.skylog_id}&sub_org_id=${northId}&with_flight_time=true&page_size=1`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const list = tripListSchema.parse(response.json());
      expect({ name: member.name, flights: member.flights, ms: member.flight_time_ms }).toEqual({
        name: member.name,
        flights: list.total,
        ms: list.total_duration_ms ?? 0,
      });
    }
    expect(items.find((member) => member.email === 'student@skyline.test')).toMatchObject({ flights: 1, flight_time_ms: 30_000 });
  });

  for (const viewer of ['orgadmin@skyline.test', 'secondary@skyline.test', 'superadmin@skyline.test']) {
    it(`${viewer}: any sub-organization of Skyline`, async () => {
      for (const id of [northId, lakesideId, wingId]) expect((await s.call(viewer, 'GET', url(id))).statusCode).toBe(200);
    });
  }

  for (const viewer of ['suborgadmin@skyline.test', 'suborgsecondary@skyline.test']) {
    it(`${viewer}: their own sub-organization only; another one is not found and audited`, async () => {
      const own = await stats(viewer, northId);
      const northMembers = await s.call('orgadmin@skyline.test', 'GET', `/api/users?sub_org_id=${northId}&page_size=100`);
      expect(own.items.map((member) => member.skylog_id).sort()).toEqual(
        (northMembers.json().items as { skylog_id: string }[]).map((member) => member.skylog_id).sort(),
      );
      for (const id of [lakesideId, wingId]) {
        const response = await s.call(viewer, 'GET', url(id));
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
      const me = (await s.call(viewer, 'GET', '/api/me')).json().skylog_id as string;
      const audited = await t.ctx.db
        .select({ resource: auditLog.resource })
        .from(auditLog)
        .where(and(eq(auditLog.userId, me), eq(auditLog.action, 'sub-orgs.flight-stats'), eq(auditLog.status, 'denied')));
      expect(audited.map((row) => row.resource)).toEqual(expect.arrayContaining([`sub_orgs/${lakesideId}`, `sub_orgs/${wingId}`]));
    });
  }

  it("another organization's sub-organization is not found, both ways", async () => {
    for (const [viewer, id] of [
      ['orgadmin@skyline.test', harborSubOrgId],
      ['suborgadmin@skyline.test', harborSubOrgId],
      ['admin@harbor.test', northId],
      ['admin@harbor.test', wingId],
    ] as const) {
      const response = await s.call(viewer, 'GET', url(id));
      expect(response.statusCode, `${viewer} → ${id}`).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect((await stats('admin@harbor.test', harborSubOrgId)).items).toEqual([]);
  });

  for (const viewer of ['instructor@skyline.test', 'student@skyline.test']) {
    it(`${viewer}: 403, even for their own sub-organization`, async () => {
      const response = await s.call(viewer, 'GET', url(northId));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(permissionDenied);
    });
  }

  it('answers 404 for an unknown id, 400 for one that is not a uuid, 401 without a session', async () => {
    expect((await s.call('orgadmin@skyline.test', 'GET', url(missingId))).statusCode).toBe(404);
    const invalid = await s.call('orgadmin@skyline.test', 'GET', url('not-a-uuid'));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('validation_error');
    expect((await t.request({ method: 'GET', url: url(northId) })).statusCode).toBe(401);
  });
});
