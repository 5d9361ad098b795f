import { alertListSchema, auditListSchema, limits } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, type School } from './factories.ts';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';

/**
 * A refusal names a row. Filed under the actor's organization when the row is another organization's, it
 * showed that organization's ids to the actor's admins (a super admin visiting one school while working in
 * another) and its alerts did too. Such refusals are filed under no organization, which only super admins read.
 */
describe('refusals that name another organization’s rows stay out of the actor’s organization’s log and alerts', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const superadmin = 'superadmin@skyline.test';
  let visited: School;
  let other: School;
  let otherPlaneId: string;

  /** One person's refusals as the viewer's log shows them. */
  const refusalsOf = async (viewer: string, userId: string) => {
    const response = await s.call(viewer, 'GET', `/api/audit-log?status=denied&user_id=${userId}`);
    expect(response.statusCode, response.body).toBe(200);
    return auditListSchema.parse(response.json());
  };
  const alertsOf = async (viewer: string) => {
    const response = await s.call(viewer, 'GET', '/api/alerts');
    expect(response.statusCode, response.body).toBe(200);
    return alertListSchema.parse(response.json());
  };
  /** Enough refused reads of the other school's aircraft to raise a suspicious-activity alert. */
  const openOtherPlane = async (email: string) => {
    for (let attempt = 1; attempt <= limits.suspiciousDenials; attempt += 1) {
      expect((await s.call(email, 'GET', `/api/aircraft/${otherPlaneId}`)).statusCode).toBe(404);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    visited = await createSchool(t, s, 'Visited Aero Club');
    other = await createSchool(t, s, 'Other Aero Club');
    const plane = await s.call(other.owner, 'POST', '/api/aircraft', { tail_number: 'N404OT' });
    expect(plane.statusCode, plane.body).toBe(201);
    otherPlaneId = plane.json().id;
  });
  afterAll(async () => t.close());

  it('a super admin working in one school who opens another’s aircraft: 404, audited, but that school’s admins see none of it', async () => {
    expect((await s.call(superadmin, 'POST', '/api/me/org', { org_id: visited.orgId })).statusCode).toBe(204);
    await openOtherPlane(superadmin);

    const superadminId = await skylogIdOf(t, superadmin);
    expect(await refusalsOf(visited.owner, superadminId)).toEqual({ items: [], total: 0 });
    expect(JSON.stringify(await alertsOf(visited.owner))).not.toContain(otherPlaneId);
    expect((await alertsOf(visited.owner)).items.filter((item) => item.user_id === superadminId)).toEqual([]);
    expect(await refusalsOf(other.owner, superadminId)).toEqual({ items: [], total: 0 });

    // Super admins still read the refusals and the alert they raised.
    const refusals = (await refusalsOf(superadmin, superadminId)).items;
    expect(refusals.filter((entry) => entry.resource === `aircraft/${otherPlaneId}`)).toHaveLength(limits.suspiciousDenials);
    const alert = (await alertsOf(superadmin)).items.find((item) => item.user_id === superadminId);
    expect(alert?.details).toMatchObject({ deniedCount: limits.suspiciousDenials, lastPath: `/api/aircraft/${otherPlaneId}` });
  });

  it('an administrator who opens another school’s aircraft: their own school is alerted without the other school’s ids, and the other school sees nobody of theirs', async () => {
    await openOtherPlane(visited.owner);
    const ownerId = await skylogIdOf(t, visited.owner);

    const alert = (await alertsOf(visited.owner)).items.find((item) => item.user_id === ownerId);
    expect(alert?.details).toMatchObject({ deniedCount: limits.suspiciousDenials });
    expect(JSON.stringify(await alertsOf(visited.owner))).not.toContain(otherPlaneId);
    expect(await refusalsOf(visited.owner, ownerId)).toEqual({ items: [], total: 0 });

    expect(await refusalsOf(other.owner, ownerId)).toEqual({ items: [], total: 0 });
    expect(JSON.stringify(await alertsOf(other.owner))).not.toContain(ownerId);
    const refusals = (await refusalsOf(superadmin, ownerId)).items;
    expect(refusals.filter((entry) => entry.resource === `aircraft/${otherPlaneId}`)).toHaveLength(limits.suspiciousDenials);
  });

  it('a refusal within one’s own school is filed there as before', async () => {
    const student = await visited.addPerson('student');
    const instructor = await visited.addPerson('instructor');
    const studentTrip = await s.call(student.email, 'POST', '/api/trips', { trip_name: 'Solo' });
    expect(studentTrip.statusCode, studentTrip.body).toBe(201);
    const tripId = studentTrip.json().trip_id as string;
    expect((await s.call(instructor.email, 'GET', `/api/trips/${tripId}`)).statusCode).toBe(404);

    expect((await refusalsOf(visited.owner, instructor.id)).items).toEqual([expect.objectContaining({ resource: `trips/${tripId}`, status: 'denied' })]);
  });
});
