import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, tokenFromOutbox, type TestApp } from './helper.ts';

describe('an instructor adding and editing students (docs/product-spec.md §6 Students page: add, edit)', () => {
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

  it('adds a student by invitation, who joins the instructor’s sub-organization already linked to them', async () => {
    const email = 'added.by.iris@skyline.test';
    const invited = await t.request({ method: 'POST', url: '/api/invitations', cookie: instructor, payload: { email, user_type: 'student' } });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await tokenFromOutbox(t, email, '/auth/user-registration');
    const accepted = await t.request({ method: 'POST', url: '/api/registration/accept', payload: { token, name: 'Added Student', password: 'added-password-1' } });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const studentId = accepted.json().skylog_id as string;
    const irisId = await skylogIdOf(t, 'instructor@skyline.test');
    const links = await t.request({ method: 'GET', url: `/api/student-instructor?student=${studentId}`, cookie: instructor });
    expect(links.json().items).toEqual([expect.objectContaining({ instructor: irisId, student: studentId })]);
    const admin = await t.signIn('orgadmin@skyline.test');
    const person = await t.request({ method: 'GET', url: `/api/users/${studentId}`, cookie: admin });
    const iris = await t.request({ method: 'GET', url: `/api/users/${irisId}`, cookie: admin });
    expect(person.json()).toMatchObject({ user_type: 'student', sub_org_id: iris.json().sub_org_id });
  });

  it('may invite only students', async () => {
    const response = await t.request({ method: 'POST', url: '/api/invitations', cookie: instructor, payload: { email: 'not.an.instructor@skyline.test', user_type: 'instructor' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().fields).toEqual({ user_type: 'Choose a role you may grant' });
  });
});
