import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helper.ts';

// Each route is given the checks it needs when it is registered (lib/route-hooks.ts) instead of every check
// running on every request: what each kind of route must still answer.
describe('the checks each route runs', () => {
  let t: TestApp;
  let student: string;
  beforeAll(async () => {
    t = await createTestApp();
    student = await t.signIn('student@skyline.test');
  });
  afterAll(async () => t.close());

  const deniedAuditRows = async (path: string) =>
    (await t.ctx.db.select({ value: count() }).from(auditLog).where(and(eq(auditLog.status, 'denied'), sql`${auditLog.details}->>'path' = ${path}`)))[0]!.value;

  it('a HEAD beside a GET the role may not read is refused once and audited once, as the GET is', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const path = `/api/audit-log?probe=${method}`;
      const response = await t.request({ method, url: path, cookie: student });
      expect(response.statusCode, method).toBe(403);
      expect(await deniedAuditRows(path), method).toBe(1);
    }
  });

  it('the session is resolved before the permission is asked: no session is 401, a role short of it 403', async () => {
    expect((await t.request({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/audit-log', cookie: student })).statusCode).toBe(403);
  });

  it('the health check answers load balancers whatever they send: no session, a stale cookie, a foreign origin', async () => {
    for (const headers of [{}, { cookie: 'skylog.session_token=not-a-session' }, { origin: 'https://elsewhere.example' }]) {
      const response = await t.request({ method: 'GET', url: '/api/health', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      // Tiny and never compressed, but as closed to framing and sniffing as every other answer.
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('a change from a foreign page is refused; the same request from Skylog goes through to its own checks', async () => {
    const foreign = await t.request({ method: 'POST', url: '/api/trips', cookie: student, headers: { origin: 'https://elsewhere.example' }, payload: {} });
    expect(foreign.statusCode).toBe(403);
    const own = await t.request({ method: 'POST', url: '/api/trips', cookie: student, payload: {} });
    expect(own.statusCode).toBe(400);
  });

  it('a compressed body is refused where a body is read, and a GET is not asked about one', async () => {
    const posted = await t.request({ method: 'POST', url: '/api/trips', cookie: student, headers: { 'content-encoding': 'gzip' }, payload: {} });
    expect(posted.statusCode).toBe(415);
    expect((await t.request({ method: 'GET', url: '/api/me', cookie: student, headers: { 'content-encoding': 'gzip' } })).statusCode).toBe(200);
  });
});
