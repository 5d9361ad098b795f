import { auditListSchema, relationListSchema } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';
import { missingId, permissionDenied, sessions } from './people-helper.ts';

const instructorNeedsOrganization = {
  status: 403,
  code: 'forbidden',
  message: 'You need an organization to assign students. Ask your administrator to assign you one.',
};

/** The demo school's seven links, as instructor → student names. */
const seededLinks = [
  'Ana Costa → Priya Shah',
  'Ana Costa → Stella Park',
  'Iris Calder → Leo Nakamura',
  'Iris Calder → Priya Shah',
  'Iris Calder → Stella Park',
  'Marcus Webb → Emma Okafor',
  'Marcus Webb → Jonas Berg',
];

describe('GET, POST and DELETE /api/student-instructor', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const ids = new Map<string, string>();
  let northId: string;

  const id = (email: string) => ids.get(email)!;

  async function links(viewer: string, query = '') {
    const response = await s.call(viewer, 'GET', `/api/student-instructor${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = relationListSchema.parse(response.json());
    expect(body.total).toBe(body.items.length);
    return body;
  }

  const names = (body: { items: ReadonlyArray<{ instructor_name: string | null; student_name: string | null }> }) =>
    body.items.map((link) => `${link.instructor_name} → ${link.student_name}`);

  const create = async (actor: string, pairs: unknown) => s.call(actor, 'POST', '/api/student-instructor', pairs);
  const remove = async (actor: string, instructor: string, student: string) =>
    s.call(actor, 'DELETE', `/api/student-instructor?instructor=${instructor}&student=${student}`);

  /** A new Skyline person, so the writes below never touch the demo links. */
  async function addSkylinePerson(email: string, userType: 'instructor' | 'student') {
    ids.set(
      email,
      await s.addPerson('orgadmin@skyline.test', { email, name: `Test ${email.split('@')[0]}`, user_type: userType, sub_org_id: northId }),
    );
    return id(email);
  }

  beforeAll(async () => {
    t = await createTestApp();
    northId = (await s.call('student@skyline.test', 'GET', '/api/me')).json().sub_org_id;
    for (const email of [
      'instructor@skyline.test',
      'ana.costa@skyline.test',
      'marcus.webb@skyline.test',
      'student@skyline.test',
      'leo.nakamura@skyline.test',
      'priya.shah@skyline.test',
      'jonas.berg@skyline.test',
      'pilot@harbor.test',
      'admin@harbor.test',
    ]) {
      ids.set(email, await skylogIdOf(t, email));
    }
  });
  afterAll(async () => t.close());

  describe('GET', () => {
    for (const viewer of ['superadmin@skyline.test', 'orgadmin@skyline.test', 'secondary@skyline.test', 'instructor@skyline.test']) {
      it(`${viewer} sees the links of the organization`, async () => {
        const body = await links(viewer);
        expect(names(body)).toEqual(expect.arrayContaining(seededLinks));
        expect(body.items.every((link) => link.student !== id('pilot@harbor.test'))).toBe(true);
      });
    }

    it('filters by instructor and by student', async () => {
      expect(names(await links('orgadmin@skyline.test', `?instructor=${id('instructor@skyline.test')}`))).toEqual([
        'Iris Calder → Leo Nakamura',
        'Iris Calder → Priya Shah',
        'Iris Calder → Stella Park',
      ]);
      const stella = await links('orgadmin@skyline.test', `?student=${id('student@skyline.test')}`);
      expect(names(stella)).toEqual(['Ana Costa → Stella Park', 'Iris Calder → Stella Park']);
      expect(stella.items[0]).toEqual({
        instructor: id('ana.costa@skyline.test'),
        student: id('student@skyline.test'),
        instructor_name: 'Ana Costa',
        student_name: 'Stella Park',
      });
      expect(
        await links('orgadmin@skyline.test', `?instructor=${id('marcus.webb@skyline.test')}&student=${id('student@skyline.test')}`),
      ).toEqual({ items: [], total: 0 });
    });

    it('a student sees only their own links, whatever they ask for', async () => {
      expect(names(await links('student@skyline.test'))).toEqual(['Ana Costa → Stella Park', 'Iris Calder → Stella Park']);
      expect(names(await links('student@skyline.test', `?student=${id('jonas.berg@skyline.test')}`))).toEqual([
        'Ana Costa → Stella Park',
        'Iris Calder → Stella Park',
      ]);
      expect(await links('student@skyline.test', `?instructor=${id('marcus.webb@skyline.test')}`)).toEqual({ items: [], total: 0 });
      expect(names(await links('jonas.berg@skyline.test'))).toEqual(['Marcus Webb → Jonas Berg']);
    });

    it('a sub-organization admin sees only the links touching their sub-organization', async () => {
      const north = seededLinks.filter((link) => !link.startsWith('Marcus Webb'));
      expect(names(await links('suborgadmin@skyline.test'))).toEqual(north);
      expect(await links('suborgadmin@skyline.test', `?instructor=${id('marcus.webb@skyline.test')}`)).toEqual({ items: [], total: 0 });
    });

    it('another organization sees none of Skyline’s links', async () => {
      expect(await links('admin@harbor.test')).toEqual({ items: [], total: 0 });
      expect(await links('admin@harbor.test', `?instructor=${id('instructor@skyline.test')}`)).toEqual({ items: [], total: 0 });
      expect(await links('pilot@harbor.test')).toEqual({ items: [], total: 0 });
    });

    it('answers 400 for a filter that is not a uuid, and 401 without a session', async () => {
      const response = await s.call('orgadmin@skyline.test', 'GET', '/api/student-instructor?instructor=iris');
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('instructor');
      expect((await t.request({ method: 'GET', url: '/api/student-instructor' })).statusCode).toBe(401);
    });
  });

  describe('POST', () => {
    it('links several pairs at once (204); a pair already linked is fine', async () => {
      const instructor = await addSkylinePerson('link.instructor@skyline.test', 'instructor');
      const first = await addSkylinePerson('link.student.one@skyline.test', 'student');
      const second = await addSkylinePerson('link.student.two@skyline.test', 'student');

      const response = await create('orgadmin@skyline.test', [
        { instructor, student: first },
        { instructor, student: second },
        { instructor: id('ana.costa@skyline.test'), student: first },
      ]);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(names(await links('orgadmin@skyline.test', `?instructor=${instructor}`))).toEqual([
        'Test link.instructor → Test link.student.one',
        'Test link.instructor → Test link.student.two',
      ]);

      const again = await create('secondary@skyline.test', [
        { instructor, student: first },
        { instructor, student: first },
      ]);
      expect(again.statusCode).toBe(204);
      expect((await links('orgadmin@skyline.test', `?instructor=${instructor}`)).total).toBe(2);
      expect(names(await links('orgadmin@skyline.test', `?student=${first}`))).toEqual([
        'Ana Costa → Test link.student.one',
        'Test link.instructor → Test link.student.one',
      ]);

      const audit = await s.call(
        'superadmin@skyline.test',
        'GET',
        `/api/audit-log?action=relations.create&user_id=${await skylogIdOf(t, 'orgadmin@skyline.test')}`,
      );
      const entry = auditListSchema.parse(audit.json()).items.find((item) => JSON.stringify(item.details).includes(second));
      expect(entry).toMatchObject({ status: 'success', resource: 'student_instructor' });
    });

    it('an instructor links themself with students of their own sub-organization', async () => {
      const student = await addSkylinePerson('link.byinstructor@skyline.test', 'student');
      const response = await create('instructor@skyline.test', [{ instructor: id('instructor@skyline.test'), student }]);
      expect(response.statusCode).toBe(204);
      expect(names(await links('instructor@skyline.test', `?student=${student}`))).toEqual(['Iris Calder → Test link.byinstructor']);
    });

    it('an instructor cannot link another instructor, nor a student of another sub-organization (404, audited, nothing added)', async () => {
      const student = await addSkylinePerson('link.notmine@skyline.test', 'student');
      // Ana Costa is another North Field instructor; Jonas Berg flies at Lakeside, Iris Calder's sub-organization is North Field.
      for (const pair of [
        { instructor: id('ana.costa@skyline.test'), student },
        { instructor: id('instructor@skyline.test'), student: id('jonas.berg@skyline.test') },
      ]) {
        const response = await create('instructor@skyline.test', [pair]);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found', message: 'Instructor or student not found in your reach' });
      }
      expect(await links('orgadmin@skyline.test', `?student=${student}`)).toEqual({ items: [], total: 0 });
      expect(names(await links('orgadmin@skyline.test', `?student=${id('jonas.berg@skyline.test')}`))).toEqual(['Marcus Webb → Jonas Berg']);
    });

    it('a pair with a Harbor student answers 404 and adds nothing, not even the valid pairs', async () => {
      const instructor = await addSkylinePerson('link.crossorg@skyline.test', 'instructor');
      const student = await addSkylinePerson('link.crossorg.student@skyline.test', 'student');
      for (const actor of ['orgadmin@skyline.test', 'instructor@skyline.test']) {
        const response = await create(actor, [
          { instructor, student },
          { instructor, student: id('pilot@harbor.test') },
        ]);
        expect(response.statusCode, actor).toBe(404);
        expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
      }
      expect(await links('orgadmin@skyline.test', `?instructor=${instructor}`)).toEqual({ items: [], total: 0 });
      expect(await links('superadmin@skyline.test', `?student=${id('pilot@harbor.test')}`)).toEqual({ items: [], total: 0 });
    });

    it('the Harbor admin cannot link Skyline people (404), nor Skyline people with Harbor ones', async () => {
      const student = await addSkylinePerson('link.harbor.attempt@skyline.test', 'student');
      for (const pairs of [
        [{ instructor: id('instructor@skyline.test'), student }],
        [{ instructor: id('instructor@skyline.test'), student: id('pilot@harbor.test') }],
      ]) {
        const response = await create('admin@harbor.test', pairs);
        expect(response.statusCode).toBe(404);
      }
      expect(await links('orgadmin@skyline.test', `?student=${student}`)).toEqual({ items: [], total: 0 });
    });

    it('a pair that is not instructor → student, or names nobody, answers 404', async () => {
      const cases = [
        [{ instructor: id('student@skyline.test'), student: id('leo.nakamura@skyline.test') }],
        [{ instructor: id('leo.nakamura@skyline.test'), student: id('instructor@skyline.test') }],
        [{ instructor: id('instructor@skyline.test'), student: id('ana.costa@skyline.test') }],
        [{ instructor: id('instructor@skyline.test'), student: missingId }],
      ];
      for (const pairs of cases) {
        const response = await create('orgadmin@skyline.test', pairs);
        expect(response.statusCode, JSON.stringify(pairs)).toBe(404);
      }
      expect(names(await links('orgadmin@skyline.test', `?student=${id('leo.nakamura@skyline.test')}`))).toEqual([
        'Iris Calder → Leo Nakamura',
      ]);
    });

    it('an instructor without an organization is told to ask for one (403)', async () => {
      const email = 'link.noorg@skyline.test';
      const instructor = await addSkylinePerson(email, 'instructor');
      const unassigned = await s.call('superadmin@skyline.test', 'POST', `/api/users/${instructor}/assignment`, { org_id: null });
      expect(unassigned.statusCode).toBe(200);
      expect(unassigned.json()).toMatchObject({ org_id: null, sub_org_id: null });
      s.forget(email);

      const student = await addSkylinePerson('link.noorg.student@skyline.test', 'student');
      const response = await create(email, [{ instructor, student }]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(instructorNeedsOrganization);
      const removal = await remove(email, id('instructor@skyline.test'), id('student@skyline.test'));
      expect(removal.statusCode).toBe(403);
      expect(removal.json()).toEqual(instructorNeedsOrganization);
      expect(await links('orgadmin@skyline.test', `?student=${student}`)).toEqual({ items: [], total: 0 });
      expect(names(await links('orgadmin@skyline.test', `?student=${id('student@skyline.test')}`))).toContain('Iris Calder → Stella Park');
    });

    it('students and sub-organization admins are refused with 403', async () => {
      const pairs = [{ instructor: id('marcus.webb@skyline.test'), student: id('leo.nakamura@skyline.test') }];
      for (const actor of ['student@skyline.test', 'suborgadmin@skyline.test', 'suborgsecondary@skyline.test', 'pilot@harbor.test']) {
        const response = await create(actor, pairs);
        expect(response.statusCode, actor).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
      }
      expect(names(await links('orgadmin@skyline.test', `?student=${id('leo.nakamura@skyline.test')}`))).toEqual([
        'Iris Calder → Leo Nakamura',
      ]);
    });

    it('answers 400 for an empty list, a missing id or a body that is not a list', async () => {
      for (const payload of [
        [],
        [{ instructor: id('instructor@skyline.test') }],
        [{ instructor: 'iris', student: 'stella' }],
        { instructor: id('instructor@skyline.test'), student: id('leo.nakamura@skyline.test') },
      ]) {
        const response = await create('orgadmin@skyline.test', payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ status: 400, code: 'validation_error' });
      }
      expect((await create('orgadmin@skyline.test', [])).json().message).toBe('Choose at least one person');
    });
  });

  describe('moving someone to another organization', () => {
    it('ends their links, so neither school sees a link across organizations', async () => {
      const instructor = await addSkylinePerson('moving.instructor@skyline.test', 'instructor');
      const student = await addSkylinePerson('moving.student@skyline.test', 'student');
      expect((await create('orgadmin@skyline.test', [{ instructor, student }])).statusCode).toBe(204);
      const harborId = (await s.call('admin@harbor.test', 'GET', '/api/me')).json().org_id;
      const moved = await s.call('superadmin@skyline.test', 'POST', `/api/users/${student}/assignment`, { org_id: harborId });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await links('orgadmin@skyline.test', `?instructor=${instructor}`)).toEqual({ items: [], total: 0 });
      expect(await links('admin@harbor.test', `?student=${student}`)).toEqual({ items: [], total: 0 });
    });
  });

  describe('DELETE', () => {
    it('removes one link (204); the second time answers 404', async () => {
      const instructor = await addSkylinePerson('unlink.instructor@skyline.test', 'instructor');
      const kept = await addSkylinePerson('unlink.kept@skyline.test', 'student');
      const removed = await addSkylinePerson('unlink.removed@skyline.test', 'student');
      expect(
        (
          await create('orgadmin@skyline.test', [
            { instructor, student: kept },
            { instructor, student: removed },
          ])
        ).statusCode,
      ).toBe(204);

      const response = await remove('orgadmin@skyline.test', instructor, removed);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(names(await links('orgadmin@skyline.test', `?instructor=${instructor}`))).toEqual([
        'Test unlink.instructor → Test unlink.kept',
      ]);

      const again = await remove('orgadmin@skyline.test', instructor, removed);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ status: 404, code: 'not_found' });
    });

    it('an instructor removes their own link, never another instructor’s (404, and it stays)', async () => {
      const student = await addSkylinePerson('unlink.byinstructor@skyline.test', 'student');
      expect((await create('orgadmin@skyline.test', [{ instructor: id('ana.costa@skyline.test'), student }])).statusCode).toBe(204);
      expect((await create('orgadmin@skyline.test', [{ instructor: id('instructor@skyline.test'), student }])).statusCode).toBe(204);
      expect((await remove('instructor@skyline.test', id('ana.costa@skyline.test'), student)).statusCode).toBe(404);
      expect((await remove('instructor@skyline.test', id('instructor@skyline.test'), student)).statusCode).toBe(204);
      expect(names(await links('orgadmin@skyline.test', `?student=${student}`))).toEqual(['Ana Costa → Test unlink.byinstructor']);
    });

    it('the Harbor admin cannot remove a Skyline link (404), and it stays', async () => {
      const response = await remove('admin@harbor.test', id('instructor@skyline.test'), id('student@skyline.test'));
      expect(response.statusCode).toBe(404);
      expect(names(await links('student@skyline.test'))).toContain('Iris Calder → Stella Park');
    });

    it('students and sub-organization admins are refused with 403, and the link stays', async () => {
      for (const actor of ['student@skyline.test', 'suborgadmin@skyline.test', 'pilot@harbor.test']) {
        const response = await remove(actor, id('instructor@skyline.test'), id('student@skyline.test'));
        expect(response.statusCode, actor).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
      }
      expect(names(await links('student@skyline.test'))).toContain('Iris Calder → Stella Park');
    });

    it('answers 400 without both ids', async () => {
      const response = await s.call(
        'orgadmin@skyline.test',
        'DELETE',
        `/api/student-instructor?instructor=${id('instructor@skyline.test')}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('student');
    });
  });
});
