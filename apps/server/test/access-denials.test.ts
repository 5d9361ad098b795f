import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';

describe('POST /api/access-denials (the web role gate reports a refused page)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const deniedRows = async () => {
    const admin = await t.signIn('superadmin@skyline.test');
    const response = await t.request({ method: 'GET', url: '/api/audit-log?status=denied&action=route.access', cookie: admin });
    return response.json().items as Array<{ userId: string; resource: string; details: { path: string; isSelfAccess: boolean; timestamp: string } }>;
  };

  it('audits a page the role really may not open, with the spec fields', async () => {
    const cookie = await t.signIn('student@skyline.test');
    const response = await t.request({ method: 'POST', url: '/api/access-denials', cookie, payload: { path: '/dashboard/aircraft' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recorded: true });
    const studentId = await skylogIdOf(t, 'student@skyline.test');
    const rows = (await deniedRows()).filter((row) => row.userId === studentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.resource).toBe('/dashboard/aircraft');
    expect(rows[0]!.details).toMatchObject({ path: '/dashboard/aircraft', isSelfAccess: false });
    expect(Date.parse(rows[0]!.details.timestamp)).not.toBeNaN();
  });

  it('records nothing when the server finds the page allowed (role or own skylog_id)', async () => {
    const cookie = await t.signIn('instructor@skyline.test');
    const instructorId = await skylogIdOf(t, 'instructor@skyline.test');
    for (const path of ['/dashboard/students', `/dashboard/instructors/${instructorId}`]) {
      const response = await t.request({ method: 'POST', url: '/api/access-denials', cookie, payload: { path } });
      expect(response.json()).toEqual({ recorded: false });
    }
    expect((await deniedRows()).filter((row) => row.userId === instructorId)).toHaveLength(0);
  });

  it('raises the suspicious-activity alert at the fifth reported denial', async () => {
    const cookie = await t.signIn('leo.nakamura@skyline.test');
    const leoId = await skylogIdOf(t, 'leo.nakamura@skyline.test');
    for (let index = 0; index < 5; index += 1) {
      await t.request({ method: 'POST', url: '/api/access-denials', cookie, payload: { path: '/configuration/admin' } });
    }
    const admin = await t.signIn('superadmin@skyline.test');
    const alerts = (await t.request({ method: 'GET', url: '/api/alerts', cookie: admin })).json().items as Array<{ user_id: string; kind: string }>;
    expect(alerts.filter((alert) => alert.user_id === leoId && alert.kind === 'suspicious_activity')).toHaveLength(1);
  });

  it('needs a session and a path starting with /', async () => {
    expect((await t.request({ method: 'POST', url: '/api/access-denials', payload: { path: '/dashboard/aircraft' } })).statusCode).toBe(401);
    const cookie = await t.signIn('student@skyline.test');
    const response = await t.request({ method: 'POST', url: '/api/access-denials', cookie, payload: { path: 'dashboard' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.path).toBe('The path must start with /');
  });
});
