import { auditListSchema, personListSchema, personSchema, type Person } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';
import { missingId, permissionDenied, sessions } from './people-helper.ts';

/** Skyline's thirteen people by lower-case name, the order of the default sort. */
const skylineByName = [
  'Ana Costa',
  'Emma Okafor',
  'Iris Calder',
  'Jonas Berg',
  'Leo Nakamura',
  'Marcus Webb',
  'Nora Lindqvist',
  'Olivia Grant',
  'Priya Shah',
  'Sam Rivera',
  'Sebastian Hale',
  'Stella Park',
  'Theo Marsh',
];
const northByName = ['Ana Costa', 'Iris Calder', 'Leo Nakamura', 'Nora Lindqvist', 'Priya Shah', 'Stella Park', 'Theo Marsh'];
const lakesideByName = ['Emma Okafor', 'Jonas Berg', 'Marcus Webb'];
const skylineInstructorsAndStudents = [
  'Ana Costa',
  'Emma Okafor',
  'Iris Calder',
  'Jonas Berg',
  'Leo Nakamura',
  'Marcus Webb',
  'Priya Shah',
  'Stella Park',
];
/** Harbor's two demo people plus two added here whose names hold the LIKE wildcards. */
const harborByName = ['Hank Osei', 'Pia Lund', 'Quota 100% Pass', 'Ulla Under_Score'];

describe('GET /api/users and GET /api/users/{skylog_id}', () => {
  let t: TestApp;
  const s = sessions(() => t);
  let skylineId: string;
  let harborId: string;
  let northId: string;
  let lakesideId: string;
  let orgadminId: string;
  const ids = new Map<string, string>();

  async function list(email: string, query = '') {
    const response = await s.call(email, 'GET', `/api/users${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return personListSchema.parse(response.json());
  }

  const names = (items: readonly Person[]) => items.map((person) => person.name);

  beforeAll(async () => {
    t = await createTestApp();
    const stella = (await s.call('student@skyline.test', 'GET', '/api/me')).json();
    skylineId = stella.org_id;
    northId = stella.sub_org_id;
    lakesideId = (await s.call('jonas.berg@skyline.test', 'GET', '/api/me')).json().sub_org_id;
    harborId = (await s.call('admin@harbor.test', 'GET', '/api/me')).json().org_id;
    orgadminId = await skylogIdOf(t, 'orgadmin@skyline.test');
    for (const email of ['jonas.berg@skyline.test', 'emma.okafor@skyline.test', 'leo.nakamura@skyline.test', 'pilot@harbor.test']) {
      ids.set(email, await skylogIdOf(t, email));
    }
    // One collected cable and one deactivated person, so the cable and status filters have something to find.
    expect(
      (
        await s.call('orgadmin@skyline.test', 'PATCH', `/api/users/${ids.get('jonas.berg@skyline.test')}/cable`, {
          cable_collections: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await s.call('orgadmin@skyline.test', 'POST', `/api/users/${ids.get('emma.okafor@skyline.test')}/deactivate`)).statusCode).toBe(
      200,
    );
    await s.addPerson('admin@harbor.test', { email: 'quota@harbor.test', name: 'Quota 100% Pass', user_type: 'student' });
    await s.addPerson('admin@harbor.test', { email: 'ulla@harbor.test', name: 'Ulla Under_Score', user_type: 'student' });
  });
  afterAll(async () => t.close());

  describe('scope per role', () => {
    it('super_admin: the current organization by default', async () => {
      const body = await list('superadmin@skyline.test', '?page_size=100');
      expect(body.total).toBe(13);
      expect(names(body.items)).toEqual(skylineByName);
      expect(body.items.every((person) => person.org_id === skylineId && person.org_name === 'Skyline Flight Academy')).toBe(true);
    });

    it('super_admin: org_id=all lists every organization, org_id=<id> one other organization', async () => {
      const all = await list('superadmin@skyline.test', '?org_id=all&page_size=100');
      expect(all.total).toBe(17);
      expect(new Set(all.items.map((person) => person.org_id))).toEqual(new Set([skylineId, harborId]));
      const harbor = await list('superadmin@skyline.test', `?org_id=${harborId}&page_size=100`);
      expect(harbor.total).toBe(4);
      expect(names(harbor.items)).toEqual(harborByName);
    });

    for (const email of ['orgadmin@skyline.test', 'secondary@skyline.test']) {
      it(`${email}: every person of the organization, sub-organizations included`, async () => {
        const body = await list(email, '?page_size=100');
        expect(body.total).toBe(13);
        expect(names(body.items)).toEqual(skylineByName);
      });
    }

    it('an org admin cannot widen the scope with org_id: another organization, or all, is refused as not found', async () => {
      for (const orgId of [harborId, 'all']) {
        const response = await s.call('orgadmin@skyline.test', 'GET', `/api/users?org_id=${orgId}&page_size=100`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found', fields: { org_id: 'Organization not found' } });
        expect(response.body).not.toContain('harbor.test');
      }
      expect((await list('orgadmin@skyline.test', `?org_id=${skylineId}&page_size=100`)).total).toBe(13);
    });

    it('the Harbor admin sees Harbor only, and Skyline search terms find nothing', async () => {
      const body = await list('admin@harbor.test', '?page_size=100');
      expect(body.total).toBe(4);
      expect(names(body.items)).toEqual(harborByName);
      expect(await list('admin@harbor.test', '?search=skyline')).toEqual({ items: [], total: 0 });
    });

    for (const email of ['suborgadmin@skyline.test', 'suborgsecondary@skyline.test']) {
      it(`${email}: only the own sub-organization, even when another sub_org_id is asked for`, async () => {
        const own = await list(email, '?page_size=100');
        expect(own.total).toBe(7);
        expect(names(own.items)).toEqual(northByName);
        expect(own.items.every((person) => person.sub_org_id === northId && person.sub_org_name === 'North Field')).toBe(true);

        const other = await list(email, `?sub_org_id=${lakesideId}&page_size=100`);
        expect(other.total).toBe(7);
        expect(names(other.items)).toEqual(northByName);
        expect(other.items.some((person) => person.sub_org_id === lakesideId)).toBe(false);

        const otherOrg = await s.call(email, 'GET', `/api/users?org_id=${harborId}&page_size=100`);
        expect(otherOrg.statusCode).toBe(404);
        expect(otherOrg.body).not.toContain('harbor.test');
      });
    }

    for (const email of ['instructor@skyline.test', 'marcus.webb@skyline.test']) {
      it(`${email}: the students and instructors of the organization, nobody else`, async () => {
        const body = await list(email, '?page_size=100');
        expect(body.total).toBe(8);
        expect(names(body.items)).toEqual(skylineInstructorsAndStudents);
        expect(body.items.every((person) => ['student', 'instructor'].includes(person.user_type))).toBe(true);
        expect(await list(email, '?role=org_admin')).toEqual({ items: [], total: 0 });
        expect(await list(email, '?role=super_admin')).toEqual({ items: [], total: 0 });
        expect((await s.call(email, 'GET', `/api/users?org_id=${harborId}&page_size=100`)).statusCode).toBe(404);
      });
    }

    for (const email of ['student@skyline.test', 'pilot@harbor.test']) {
      it(`${email}: 403`, async () => {
        const response = await s.call(email, 'GET', '/api/users');
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
      });
    }

    it('the student’s denial is audited', async () => {
      const leo = ids.get('leo.nakamura@skyline.test')!;
      expect((await s.call('leo.nakamura@skyline.test', 'GET', '/api/users?search=a')).statusCode).toBe(403);
      const audit = await s.call('orgadmin@skyline.test', 'GET', `/api/audit-log?status=denied&user_id=${leo}&action=users.list`);
      const entries = auditListSchema.parse(audit.json()).items;
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ userRole: 'student', action: 'users.list', status: 'denied' });
      expect(entries[0]!.details).toMatchObject({ path: '/api/users?search=a', isSelfAccess: false });
    });

    it('401 without a session', async () => {
      const response = await t.request({ method: 'GET', url: '/api/users' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
    });
  });

  describe('search', () => {
    it('matches names and e-mail addresses anywhere, ignoring case', async () => {
      expect(names((await list('orgadmin@skyline.test', '?search=COSTA')).items)).toEqual(['Ana Costa']);
      expect(names((await list('orgadmin@skyline.test', '?search=leo.nakamura%40')).items)).toEqual(['Leo Nakamura']);
      const bySchoolDomain = await list('orgadmin@skyline.test', '?search=%40Skyline.TEST&page_size=100');
      expect(bySchoolDomain.total).toBe(13);
      expect(await list('orgadmin@skyline.test', '?search=Osei')).toEqual({ items: [], total: 0 });
    });

    it('takes % and _ literally', async () => {
      expect(await list('orgadmin@skyline.test', '?search=%25')).toEqual({ items: [], total: 0 });
      expect(await list('orgadmin@skyline.test', '?search=_')).toEqual({ items: [], total: 0 });
      const percent = await list('admin@harbor.test', '?search=%25');
      expect(percent.total).toBe(1);
      expect(names(percent.items)).toEqual(['Quota 100% Pass']);
      const underscore = await list('admin@harbor.test', '?search=_');
      expect(underscore.total).toBe(1);
      expect(names(underscore.items)).toEqual(['Ulla Under_Score']);
      expect(names((await list('admin@harbor.test', '?search=r_s')).items)).toEqual(['Ulla Under_Score']);
      expect(await list('admin@harbor.test', '?search=r_t')).toEqual({ items: [], total: 0 });
    });

    it('combines with the scope: a sub_org_admin finds nobody outside the sub-organization', async () => {
      expect(await list('suborgadmin@skyline.test', '?search=Marcus')).toEqual({ items: [], total: 0 });
      expect(names((await list('suborgadmin@skyline.test', '?search=Priya')).items)).toEqual(['Priya Shah']);
    });
  });

  describe('filters', () => {
    it('role', async () => {
      const students = await list('orgadmin@skyline.test', '?role=student');
      expect(students.total).toBe(5);
      expect(names(students.items)).toEqual(['Emma Okafor', 'Jonas Berg', 'Leo Nakamura', 'Priya Shah', 'Stella Park']);
      const instructors = await list('orgadmin@skyline.test', '?role=instructor');
      expect(names(instructors.items)).toEqual(['Ana Costa', 'Iris Calder', 'Marcus Webb']);
      expect(instructors.total).toBe(3);
      expect(names((await list('orgadmin@skyline.test', '?role=super_admin')).items)).toEqual(['Sam Rivera']);
    });

    it('sub_org_id narrows an org admin’s list; another organization’s sub-organization finds nothing', async () => {
      const lakeside = await list('orgadmin@skyline.test', `?sub_org_id=${lakesideId}`);
      expect(lakeside.total).toBe(3);
      expect(names(lakeside.items)).toEqual(lakesideByName);
      const northStudents = await list('secondary@skyline.test', `?sub_org_id=${northId}&role=student`);
      expect(names(northStudents.items)).toEqual(['Leo Nakamura', 'Priya Shah', 'Stella Park']);
      expect(await list('admin@harbor.test', `?sub_org_id=${northId}`)).toEqual({ items: [], total: 0 });
    });

    it('cable', async () => {
      const collected = await list('orgadmin@skyline.test', '?cable=collected');
      expect(collected.total).toBe(1);
      expect(collected.items[0]).toMatchObject({
        name: 'Jonas Berg',
        cable_collections: true,
        cable_collected_by: orgadminId,
        cable_collected_by_name: 'Olivia Grant',
      });
      const notCollected = await list('orgadmin@skyline.test', '?cable=not_collected&page_size=100');
      expect(notCollected.total).toBe(12);
      expect(names(notCollected.items)).toEqual(skylineByName.filter((name) => name !== 'Jonas Berg'));
    });

    it('status', async () => {
      const inactive = await list('orgadmin@skyline.test', '?status=inactive');
      expect(inactive.total).toBe(1);
      expect(inactive.items[0]).toMatchObject({ name: 'Emma Okafor', is_active: false });
      const active = await list('orgadmin@skyline.test', '?status=active&page_size=100');
      expect(active.total).toBe(12);
      expect(active.items.every((person) => person.is_active)).toBe(true);
    });

    it('several filters at once', async () => {
      const body = await list('orgadmin@skyline.test', `?sub_org_id=${lakesideId}&role=student&status=active&cable=collected&search=berg`);
      expect(body.total).toBe(1);
      expect(names(body.items)).toEqual(['Jonas Berg']);
    });
  });

  describe('sort and order', () => {
    it('name, both ways', async () => {
      expect(names((await list('orgadmin@skyline.test', '?sort=name&order=asc&page_size=100')).items)).toEqual(skylineByName);
      expect(names((await list('orgadmin@skyline.test', '?sort=name&order=desc&page_size=100')).items)).toEqual(
        [...skylineByName].reverse(),
      );
    });

    it('email', async () => {
      const asc = (await list('orgadmin@skyline.test', '?sort=email&page_size=100')).items.map((person) => person.email);
      expect(asc).toEqual([
        'ana.costa@skyline.test',
        'emma.okafor@skyline.test',
        'instructor@skyline.test',
        'jonas.berg@skyline.test',
        'leo.nakamura@skyline.test',
        'marcus.webb@skyline.test',
        'orgadmin@skyline.test',
        'priya.shah@skyline.test',
        'secondary@skyline.test',
        'student@skyline.test',
        'suborgadmin@skyline.test',
        'suborgsecondary@skyline.test',
        'superadmin@skyline.test',
      ]);
      const desc = (await list('orgadmin@skyline.test', '?sort=email&order=desc&page_size=100')).items.map((person) => person.email);
      expect(desc).toEqual([...asc].reverse());
    });

    it('user_type', async () => {
      const types = (await list('orgadmin@skyline.test', '?sort=user_type&page_size=100')).items.map((person) => person.user_type);
      expect(types).toEqual([
        'admin_secondary',
        'instructor',
        'instructor',
        'instructor',
        'org_admin',
        'student',
        'student',
        'student',
        'student',
        'student',
        'sub_org_admin',
        'sub_org_admin_secondary',
        'super_admin',
      ]);
      const desc = (await list('orgadmin@skyline.test', '?sort=user_type&order=desc&page_size=100')).items.map(
        (person) => person.user_type,
      );
      expect(desc).toEqual([...types].reverse());
    });

    it('created_at, both ways', async () => {
      const times = async (order: string) =>
        (await list('admin@harbor.test', `?sort=created_at&order=${order}&page_size=100`)).items.map((person) =>
          Date.parse(person.created_at),
        );
      const asc = await times('asc');
      expect(asc).toHaveLength(4);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      const desc = await times('desc');
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      // The two people invited in this file came after the seeded ones.
      const newest = await list('admin@harbor.test', '?sort=created_at&order=desc&page_size=2');
      expect(new Set(names(newest.items))).toEqual(new Set(['Quota 100% Pass', 'Ulla Under_Score']));
    });

    it('cable_collected_at puts the collected cable first', async () => {
      const body = await list('orgadmin@skyline.test', '?sort=cable_collected_at&order=asc&page_size=100');
      expect(body.total).toBe(13);
      expect(body.items[0]!.name).toBe('Jonas Berg');
    });
  });

  describe('pages', () => {
    it('10 per page by default, with the exact total', async () => {
      const body = await list('orgadmin@skyline.test');
      expect(body.total).toBe(13);
      expect(names(body.items)).toEqual(skylineByName.slice(0, 10));
    });

    it('page and page_size walk the whole list without gaps or repeats', async () => {
      const pages = [];
      for (const page of [0, 1, 2, 3]) pages.push(await list('orgadmin@skyline.test', `?page=${page}&page_size=5`));
      expect(pages.map((body) => body.total)).toEqual([13, 13, 13, 13]);
      expect(pages.map((body) => body.items.length)).toEqual([5, 5, 3, 0]);
      expect(pages.flatMap((body) => names(body.items))).toEqual(skylineByName);
    });

    it('the total stays exact under a filter', async () => {
      const body = await list('orgadmin@skyline.test', '?role=student&page=1&page_size=2');
      expect(body.total).toBe(5);
      expect(names(body.items)).toEqual(['Leo Nakamura', 'Priya Shah']);
    });
  });

  describe('bad queries answer 400 with the field', () => {
    const cases: Array<[string, string]> = [
      ['?page=-1', 'page'],
      ['?page=abc', 'page'],
      ['?page=1.5', 'page'],
      ['?page_size=0', 'page_size'],
      ['?page_size=101', 'page_size'],
      ['?sort=bogus', 'sort'],
      ['?order=up', 'order'],
      ['?role=pilot', 'role'],
      ['?cable=maybe', 'cable'],
      ['?status=gone', 'status'],
      ['?sub_org_id=north', 'sub_org_id'],
      ['?org_id=everything', 'org_id'],
      [`?search=${'x'.repeat(101)}`, 'search'],
    ];
    for (const [query, field] of cases) {
      it(`${query.slice(0, 30)} → fields.${field}`, async () => {
        const response = await s.call('orgadmin@skyline.test', 'GET', `/api/users${query}`);
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body).toMatchObject({ status: 400, code: 'validation_error' });
        expect(typeof body.fields[field]).toBe('string');
      });
    }
  });

  describe('GET /api/users/{skylog_id}', () => {
    const read = async (viewer: string, email: string) => s.call(viewer, 'GET', `/api/users/${await skylogIdOf(t, email)}`);

    async function expectNotFound(viewer: string, email: string) {
      const response = await read(viewer, email);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'User not found' });
    }

    for (const email of [
      'superadmin@skyline.test',
      'orgadmin@skyline.test',
      'secondary@skyline.test',
      'suborgadmin@skyline.test',
      'suborgsecondary@skyline.test',
      'instructor@skyline.test',
      'student@skyline.test',
      'pilot@harbor.test',
    ]) {
      it(`${email} reads the own account`, async () => {
        const response = await read(email, email);
        expect(response.statusCode).toBe(200);
        expect(personSchema.parse(response.json())).toMatchObject({ email, is_active: true });
      });
    }

    it('an org admin reads anyone of the organization, with organization and sub-organization names', async () => {
      for (const viewer of ['orgadmin@skyline.test', 'secondary@skyline.test']) {
        const response = await read(viewer, 'jonas.berg@skyline.test');
        expect(response.statusCode).toBe(200);
        expect(personSchema.parse(response.json())).toMatchObject({
          skylog_id: ids.get('jonas.berg@skyline.test'),
          name: 'Jonas Berg',
          email: 'jonas.berg@skyline.test',
          user_type: 'student',
          org_id: skylineId,
          org_name: 'Skyline Flight Academy',
          sub_org_id: lakesideId,
          sub_org_name: 'Lakeside',
          cable_collections: true,
          cable_collected_by: orgadminId,
        });
        expect((await read(viewer, 'superadmin@skyline.test')).statusCode).toBe(200);
        expect((await read(viewer, 'emma.okafor@skyline.test')).json()).toMatchObject({ is_active: false });
      }
    });

    it('the super_admin reads people of any organization', async () => {
      const response = await read('superadmin@skyline.test', 'pilot@harbor.test');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ org_id: harborId, org_name: 'Harbor Aviation' });
    });

    it('the Harbor admin gets 404 for a Skyline person, the same answer as for nobody', async () => {
      await expectNotFound('admin@harbor.test', 'student@skyline.test');
      await expectNotFound('admin@harbor.test', 'orgadmin@skyline.test');
      const missing = await s.call('admin@harbor.test', 'GET', `/api/users/${missingId}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ status: 404, code: 'not_found', message: 'User not found' });
    });

    it('a Skyline admin gets 404 for a Harbor person', async () => {
      await expectNotFound('orgadmin@skyline.test', 'pilot@harbor.test');
      await expectNotFound('secondary@skyline.test', 'admin@harbor.test');
    });

    it('a sub_org_admin reads the own sub-organization only', async () => {
      expect((await read('suborgadmin@skyline.test', 'priya.shah@skyline.test')).statusCode).toBe(200);
      expect((await read('suborgsecondary@skyline.test', 'instructor@skyline.test')).statusCode).toBe(200);
      await expectNotFound('suborgadmin@skyline.test', 'jonas.berg@skyline.test');
      await expectNotFound('suborgadmin@skyline.test', 'marcus.webb@skyline.test');
      await expectNotFound('suborgadmin@skyline.test', 'orgadmin@skyline.test');
      await expectNotFound('suborgsecondary@skyline.test', 'pilot@harbor.test');
    });

    it('an instructor reads the organization’s students and instructors, not its admins nor other organizations', async () => {
      expect((await read('instructor@skyline.test', 'jonas.berg@skyline.test')).statusCode).toBe(200);
      expect((await read('instructor@skyline.test', 'marcus.webb@skyline.test')).statusCode).toBe(200);
      await expectNotFound('instructor@skyline.test', 'orgadmin@skyline.test');
      await expectNotFound('instructor@skyline.test', 'suborgadmin@skyline.test');
      await expectNotFound('instructor@skyline.test', 'superadmin@skyline.test');
      await expectNotFound('instructor@skyline.test', 'pilot@harbor.test');
    });

    it('a student reads the instructors linked to them, not other instructors nor other students', async () => {
      const iris = await read('student@skyline.test', 'instructor@skyline.test');
      expect(iris.statusCode).toBe(200);
      expect(iris.json()).toMatchObject({ name: 'Iris Calder', user_type: 'instructor' });
      expect((await read('student@skyline.test', 'ana.costa@skyline.test')).statusCode).toBe(200);
      await expectNotFound('student@skyline.test', 'marcus.webb@skyline.test');
      await expectNotFound('student@skyline.test', 'leo.nakamura@skyline.test');
      await expectNotFound('student@skyline.test', 'orgadmin@skyline.test');
      await expectNotFound('student@skyline.test', 'pilot@harbor.test');
      await expectNotFound('pilot@harbor.test', 'student@skyline.test');
    });

    it('answers 400 for an id that is not a uuid', async () => {
      const response = await s.call('orgadmin@skyline.test', 'GET', '/api/users/stella');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'validation_error', fields: { skylog_id: 'Not a valid Skylog ID' } });
    });
  });
});
