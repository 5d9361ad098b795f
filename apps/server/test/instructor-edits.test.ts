import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';

describe('an instructor editing students (spec §6 Students page: edit)', () => {
  let t: TestApp;
  let instructor: string;
  beforeAll(async () => {
    t = await createTestApp();
    instructor = await t.signIn('instructor@skyline.test');
  });
  afterAll(async () => t.close());

  const patch = async (email: string, payload: object) =>
    t.request({ method: 'PATCH', url: `/api/users/${await skylogIdOf(t, email)}`, cookie: instructor, payload });

  it('may update the profile of a student linked to them', async () => {
    const response = await patch('leo.nakamura@skyline.test', { license_number: 'PPL 1207', program: '61' });
    expect(response.statusCode).toBe(204);
    const admin = await t.signIn('orgadmin@skyline.test');
    const leo = await t.request({ method: 'GET', url: `/api/users/${await skylogIdOf(t, 'leo.nakamura@skyline.test')}`, cookie: admin });
    expect(leo.json()).toMatchObject({ license_number: 'PPL 1207', program: '61' });
  });

  it('may not update a student who is not theirs, nor another instructor', async () => {
    for (const email of ['jonas.berg@skyline.test', 'ana.costa@skyline.test']) {
      const response = await patch(email, { license_number: 'X' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('User not found');
    }
  });
});
