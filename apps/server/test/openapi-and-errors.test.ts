import { apiErrorSchema, type ErrorCode } from '@skylog/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextClientIp, skylogIdOf, type TestApp } from './helper.ts';

describe('OpenAPI document and the one error shape', () => {
  let t: TestApp;
  let student: string;
  let orgAdmin: string;
  let studentId: string;
  let leoId: string;

  beforeAll(async () => {
    t = await createTestApp();
    student = await t.signIn('student@skyline.test');
    orgAdmin = await t.signIn('orgadmin@skyline.test');
    studentId = await skylogIdOf(t, 'student@skyline.test');
    leoId = await skylogIdOf(t, 'leo.nakamura@skyline.test');
  });
  afterAll(async () => t.close());

  describe('GET /api/openapi.json', () => {
    it('answers the OpenAPI document without a session', async () => {
      const response = await t.request({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const document = response.json();
      expect(document.openapi).toMatch(/^3\./);
      expect(document.info.title).toBe('Skylog API');
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/api/me', '/api/users/{skylog_id}', '/api/orgs', '/api/audit-log']),
      );
      expect(document.paths['/api/users/{skylog_id}']).toHaveProperty('patch');
      expect(document.paths['/api/me']).toHaveProperty('get');
    });

    it('does not list the hidden routes (better-auth, the document itself)', async () => {
      const paths = Object.keys((await t.request({ method: 'GET', url: '/api/openapi.json' })).json().paths);
      expect(paths.some((path) => path.startsWith('/api/auth'))).toBe(false);
      expect(paths).not.toContain('/api/openapi.json');
    });
  });

  describe('unknown API paths', () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      it(`${method} /api/no-such-thing answers 404 not_found`, async () => {
        const response = await t.request({ method, url: '/api/no-such-thing' });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'Not found' });
      });
    }

    it('answers 404 (not 401) for an unknown path with or without a session', async () => {
      const response = await t.request({ method: 'GET', url: '/api/no-such-endpoint', cookie: student });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
    });
  });

  describe('every failure answers { status, code, message, fields? }', () => {
    type Case = { name: string; status: number; code: ErrorCode; request: () => InjectOptions & { cookie?: string } };
    const cases: Case[] = [
      { name: 'no session', status: 401, code: 'unauthenticated', request: () => ({ method: 'GET', url: '/api/me' }) },
      {
        name: 'wrong password',
        status: 401,
        code: 'unauthenticated',
        request: () => ({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: 'student@skyline.test', password: 'wrong-password' },
          remoteAddress: nextClientIp(),
        }),
      },
      { name: 'role denial', status: 403, code: 'forbidden', request: () => ({ method: 'GET', url: '/api/audit-log', cookie: student }) },
      {
        name: 'out of scope',
        status: 404,
        code: 'not_found',
        request: () => ({ method: 'PATCH', url: `/api/users/${leoId}`, cookie: student, payload: { name: 'X' } }),
      },
      { name: 'unknown path', status: 404, code: 'not_found', request: () => ({ method: 'GET', url: '/api/nothing/here' }) },
      {
        name: 'validation',
        status: 400,
        code: 'validation_error',
        request: () => ({ method: 'PATCH', url: `/api/users/${studentId}`, cookie: student, payload: { phone: '12' } }),
      },
      {
        name: 'bad query',
        status: 400,
        code: 'validation_error',
        request: () => ({ method: 'GET', url: '/api/orgs/not-a-uuid', cookie: student }),
      },
      {
        name: 'invalid JSON',
        status: 400,
        code: 'invalid_json',
        request: () => ({
          method: 'PATCH',
          url: `/api/users/${studentId}`,
          cookie: student,
          headers: { 'content-type': 'application/json' },
          payload: '{',
        }),
      },
      {
        name: 'body too large',
        status: 413,
        code: 'body_too_large',
        request: () => ({
          method: 'PATCH',
          url: `/api/users/${studentId}`,
          cookie: student,
          headers: { 'content-type': 'application/json' },
          payload: `{"name":"${'y'.repeat(1_100_000)}"}`,
        }),
      },
      {
        name: 'unsupported media type',
        status: 415,
        code: 'unsupported_media_type',
        request: () => ({
          method: 'PATCH',
          url: `/api/users/${studentId}`,
          cookie: student,
          headers: { 'content-type': 'application/xml' },
          payload: '<name>X</name>',
        }),
      },
      {
        name: 'conflict: inviting an address that already has an account',
        status: 409,
        code: 'conflict',
        request: () => ({
          method: 'POST',
          url: '/api/invitations',
          cookie: orgAdmin,
          payload: { email: 'instructor@skyline.test', user_type: 'student' },
        }),
      },
      {
        name: 'invalid invitation',
        status: 404,
        code: 'not_found',
        request: () => ({ method: 'GET', url: '/api/registration/invitations/unknown-token' }),
      },
      {
        name: 'invalid reset token',
        status: 400,
        code: 'validation_error',
        request: () => ({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { newPassword: 'whatever-password-1', token: 'forged' },
          remoteAddress: nextClientIp(),
        }),
      },
    ];

    for (const { name, status, code, request } of cases) {
      it(`${name}: ${status} ${code}`, async () => {
        const response = await t.request(request());
        expect(response.statusCode).toBe(status);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        const parsed = apiErrorSchema.safeParse(response.json());
        expect(parsed.success, response.body).toBe(true);
        expect(parsed.data).toMatchObject({ status, code });
        expect(parsed.data!.message.length).toBeGreaterThan(0);
      });
    }

    it('the sign-in rate limit answers in the same shape', async () => {
      const remoteAddress = nextClientIp();
      let response = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'leo.nakamura@skyline.test', password: 'nope-1' },
        remoteAddress,
      });
      for (let attempt = 2; attempt <= 6; attempt += 1) {
        response = await t.request({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: 'leo.nakamura@skyline.test', password: `nope-${attempt}` },
          remoteAddress,
        });
      }
      expect(response.statusCode).toBe(429);
      expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 429, code: 'rate_limited' });
    });
  });

  describe('API responses are not cached and carry the security headers', () => {
    it('sets no-store, nosniff, DENY and a content security policy', async () => {
      const response = await t.request({ method: 'GET', url: '/api/me', cookie: student });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    });
  });
});
