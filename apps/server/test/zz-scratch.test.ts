import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

describe('scratch', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  it('explores', async () => {
    const r1 = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'student@skyline.test', password: 'test-demo-password' } });
    console.log('signin', r1.statusCode, r1.headers['set-cookie'], r1.body);
    const cookie = r1.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const me = await t.request({ method: 'GET', url: '/api/me', cookie });
    console.log('me', me.statusCode, me.body);
    const id = me.json().skylog_id;
    for (const payload of [{ name: '' }, { name: null }, { phone: '' }, { phone: '123' }, { program: '999' }, { fulltime: 'yes' }, { foo: 1 }, { name: 'x', foo: 1, bar: 2 }]) {
      const r = await t.request({ method: 'PATCH', url: `/api/users/${id}`, payload, cookie });
      console.log(JSON.stringify(payload), r.statusCode, r.body);
    }
    const bad = await t.request({ method: 'PATCH', url: `/api/users/${id}`, payload: '{bad', headers: { 'content-type': 'application/json' }, cookie });
    console.log('badjson', bad.statusCode, bad.body);
    const big = await t.request({ method: 'PATCH', url: `/api/users/${id}`, payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' }, cookie });
    console.log('big', big.statusCode, big.body);
    const so1 = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie });
    console.log('signout no origin', so1.statusCode, so1.body, so1.headers['set-cookie']);
    const so = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie, headers: { origin: 'http://localhost:3000' } });
    console.log('signout', so.statusCode, so.body, so.headers['set-cookie']);
    const me2 = await t.request({ method: 'GET', url: '/api/me', cookie });
    console.log('me2', me2.statusCode, me2.body);
    for (let i = 0; i < 7; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'student@skyline.test', password: 'wrongwrongwrong' }, remoteAddress: '10.0.0.9' });
      console.log('fail', i, r.statusCode, r.body, r.headers['x-retry-after']);
    }
    const oa = await t.request({ method: 'GET', url: '/api/openapi.json' });
    console.log(Object.keys(oa.json().paths), oa.json().openapi);
  });
});
