import { auditListSchema, meSchema, personSchema, relationListSchema, type AssignableRole, type Person } from '@skylog/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession } from '../src/db/schema/index.ts';
import { createTestApp, nextClientIp, skylogIdOf, type TestApp } from './helper.ts';
import { missingId, ownAccountRefused, permissionDenied, personPassword, sessions } from './people-helper.ts';

const accountDeactivated = {
  status: 403,
  code: 'forbidden',
  message: 'This account is deactivated. Ask your administrator to reactivate it.',
};

describe('people administration: role, assignment, deactivation, deletion, cable', () => {
  let t: TestApp;
  const s = sessions(() => t);
  let skylineId: string;
  let harborId: string;
  let northId: string;
  let lakesideId: string;
  /** A sub-organization of Harbor, made here: Skyline people must not be put in it. */
  let harborBaseId: string;
  const ids = new Map<string, string>();

  /** A new Skyline person made by the org_admin (North Field unless told otherwise). */
  async function addSkylinePerson(email: string, userType: AssignableRole = 'student', subOrgId: string | null = northId) {
    const id = await s.addPerson('orgadmin@skyline.test', {
      email,
      name: `Test ${email.split('@')[0]}`,
      user_type: userType,
      sub_org_id: subOrgId,
    });
    ids.set(email, id);
    return id;
  }

  async function read(id: string, viewer = 'superadmin@skyline.test'): Promise<Person> {
    const response = await s.call(viewer, 'GET', `/api/users/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return personSchema.parse(response.json());
  }

  /** The cookie signed in before is refused now; the next call signs in afresh. */
  async function expectSignedOut(email: string) {
    const response = await t.request({ method: 'GET', url: '/api/me', cookie: await s.as(email) });
    expect(response.statusCode).toBe(401);
    s.forget(email);
  }

  async function expectStillSignedIn(email: string) {
    expect((await s.call(email, 'GET', '/api/me')).statusCode).toBe(200);
  }

  const signInAttempt = (email: string, password = personPassword) =>
    t.request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: nextClientIp() });

  async function auditEntries(action: string, actorEmail: string, resource: string) {
    const actor = await skylogIdOf(t, actorEmail);
    const response = await s.call('superadmin@skyline.test', 'GET', `/api/audit-log?action=${action}&user_id=${actor}`);
    expect(response.statusCode).toBe(200);
    return auditListSchema.parse(response.json()).items.filter((entry) => entry.resource === resource);
  }

  const deniedRoles = [
    'suborgadmin@skyline.test',
    'suborgsecondary@skyline.test',
    'instructor@skyline.test',
    'student@skyline.test',
    'pilot@harbor.test',
  ];

  beforeAll(async () => {
    t = await createTestApp();
    const stella = (await s.call('student@skyline.test', 'GET', '/api/me')).json();
    skylineId = stella.org_id;
    northId = stella.sub_org_id;
    lakesideId = (await s.call('jonas.berg@skyline.test', 'GET', '/api/me')).json().sub_org_id;
    harborId = (await s.call('admin@harbor.test', 'GET', '/api/me')).json().org_id;
    const harborBase = await s.call('superadmin@skyline.test', 'POST', '/api/sub-orgs', { name: 'Harbor Seaplane Base', org_id: harborId });
    expect(harborBase.statusCode).toBe(201);
    harborBaseId = harborBase.json().id;
    for (const email of [
      'superadmin@skyline.test',
      'orgadmin@skyline.test',
      'secondary@skyline.test',
      'admin@harbor.test',
      'pilot@harbor.test',
    ]) {
      ids.set(email, await skylogIdOf(t, email));
    }
  });
  afterAll(async () => t.close());

  describe('PUT /api/users/{skylog_id}/role', () => {
    const changeRole = async (actor: string, id: string, userType: unknown) =>
      s.call(actor, 'PUT', `/api/users/${id}/role`, { user_type: userType });

    it('the org_admin makes a student an instructor: 200, the person is signed out everywhere, and it is audited', async () => {
      const email = 'role.student@skyline.test';
      const id = await addSkylinePerson(email);
      await expectStillSignedIn(email);

      const response = await changeRole('orgadmin@skyline.test', id, 'instructor');
      expect(response.statusCode).toBe(200);
      expect(personSchema.parse(response.json())).toMatchObject({
        skylog_id: id,
        user_type: 'instructor',
        org_id: skylineId,
        sub_org_id: northId,
      });

      await expectSignedOut(email);
      const me = meSchema.parse((await s.call(email, 'GET', '/api/me')).json());
      expect(me).toMatchObject({ user_type: 'instructor', role_label: 'Instructor' });
      await expectStillSignedIn('orgadmin@skyline.test');

      const entries = await auditEntries('users.change-role', 'orgadmin@skyline.test', `users/${id}`);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ userRole: 'org_admin', status: 'success', details: { from: 'student', to: 'instructor' } });
    });

    it('a secondary admin can neither make an org admin nor change, deactivate or delete one', async () => {
      const student = await addSkylinePerson('not.promoted@skyline.test');
      const promote = await changeRole('secondary@skyline.test', student, 'org_admin');
      expect(promote.statusCode).toBe(403);
      expect(promote.json().fields).toEqual({ user_type: 'Choose a role you may grant' });
      const chief = await addSkylinePerson('second.chief@skyline.test', 'org_admin', null);
      for (const [method, url, payload] of [
        ['PUT', `/api/users/${chief}/role`, { user_type: 'student' }],
        ['POST', `/api/users/${chief}/deactivate`, {}],
        ['DELETE', `/api/users/${chief}`, undefined],
      ] as const) {
        const response = await s.call('secondary@skyline.test', method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    });

    it('a sub-organization role needs a sub-organization', async () => {
      const id = await addSkylinePerson('no.sub.org@skyline.test', 'student', null);
      const response = await changeRole('orgadmin@skyline.test', id, 'sub_org_admin');
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ sub_org_id: 'Sub-organization admins need a sub-organization: assign one first.' });
    });

    it('org admins may grant every role but super_admin; secondary admins every role below org admin', async () => {
      const id = await addSkylinePerson('role.ladder@skyline.test');
      const steps: Array<[string, AssignableRole]> = [
        ['orgadmin@skyline.test', 'sub_org_admin_secondary'],
        ['secondary@skyline.test', 'sub_org_admin'],
        ['secondary@skyline.test', 'admin_secondary'],
        ['orgadmin@skyline.test', 'org_admin'],
        ['orgadmin@skyline.test', 'instructor'],
        ['secondary@skyline.test', 'student'],
      ];
      for (const [actor, role] of steps) {
        const response = await changeRole(actor, id, role);
        expect(response.statusCode, `${actor} → ${role}`).toBe(200);
        expect(response.json().user_type).toBe(role);
      }
    });

    it('org admins cannot grant super_admin: 403 with fields.user_type, nothing changes', async () => {
      const id = await addSkylinePerson('role.nosuper@skyline.test');
      for (const actor of ['orgadmin@skyline.test', 'secondary@skyline.test']) {
        const response = await changeRole(actor, id, 'super_admin');
        expect(response.statusCode).toBe(403);
        const body = response.json();
        expect(body).toMatchObject({ status: 403, code: 'forbidden' });
        expect(typeof body.fields.user_type).toBe('string');
      }
      expect((await read(id)).user_type).toBe('student');
      expect(await auditEntries('users.change-role', 'orgadmin@skyline.test', `users/${id}`)).toEqual([]);
    });

    it('the super_admin may grant super_admin; org admins then cannot touch that person (404)', async () => {
      const id = await addSkylinePerson('role.promoted@skyline.test');
      const response = await changeRole('superadmin@skyline.test', id, 'super_admin');
      expect(response.statusCode).toBe(200);
      expect(response.json().user_type).toBe('super_admin');
      const back = await changeRole('orgadmin@skyline.test', id, 'student');
      expect(back.statusCode).toBe(404);
      expect((await read(id)).user_type).toBe('super_admin');
    });

    it('nobody changes their own role: 400', async () => {
      for (const actor of ['orgadmin@skyline.test', 'secondary@skyline.test', 'superadmin@skyline.test', 'admin@harbor.test']) {
        const response = await changeRole(actor, ids.get(actor)!, 'student');
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(ownAccountRefused);
      }
      expect((await read(ids.get('orgadmin@skyline.test')!)).user_type).toBe('org_admin');
      expect((await read(ids.get('admin@harbor.test')!)).user_type).toBe('org_admin');
    });

    it('another organization’s person, or the super_admin, answers 404 and stays as is', async () => {
      const id = await addSkylinePerson('role.crossorg@skyline.test');
      const cases: Array<[string, string]> = [
        ['admin@harbor.test', id],
        ['orgadmin@skyline.test', ids.get('pilot@harbor.test')!],
        ['secondary@skyline.test', ids.get('admin@harbor.test')!],
        ['orgadmin@skyline.test', ids.get('superadmin@skyline.test')!],
        ['orgadmin@skyline.test', missingId],
      ];
      for (const [actor, target] of cases) {
        const response = await changeRole(actor, target, 'instructor');
        expect(response.statusCode, `${actor} on ${target}`).toBe(404);
        expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'User not found' });
      }
      expect((await read(id)).user_type).toBe('student');
      expect((await read(ids.get('pilot@harbor.test')!)).user_type).toBe('student');
      expect((await read(ids.get('superadmin@skyline.test')!)).user_type).toBe('super_admin');
    });

    it('everyone else is refused with 403', async () => {
      const id = await addSkylinePerson('role.denied@skyline.test');
      for (const actor of deniedRoles) {
        const response = await changeRole(actor, id, 'instructor');
        expect(response.statusCode, actor).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
      }
      expect((await read(id)).user_type).toBe('student');
    });

    it('answers 400 for a role that is not assignable or a malformed body', async () => {
      const id = await addSkylinePerson('role.invalid@skyline.test');
      for (const payload of [{ user_type: 'admin' }, { user_type: 'pilot' }, {}, { user_type: 'instructor', org_id: skylineId }]) {
        const response = await s.call('orgadmin@skyline.test', 'PUT', `/api/users/${id}/role`, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ status: 400, code: 'validation_error' });
        expect(Object.keys(response.json().fields).length).toBeGreaterThan(0);
      }
      const admin = await changeRole('orgadmin@skyline.test', id, 'admin');
      expect(admin.json().fields.user_type).toBe('Choose a role');
      expect((await read(id)).user_type).toBe('student');
    });
  });

  describe('POST /api/users/{skylog_id}/assignment', () => {
    const assign = async (actor: string, id: string, payload: object) => s.call(actor, 'POST', `/api/users/${id}/assignment`, payload);

    it('the org_admin moves a student from North Field to Lakeside: 200, signed out everywhere, audited', async () => {
      const email = 'move.lakeside@skyline.test';
      const id = await addSkylinePerson(email);
      await expectStillSignedIn(email);

      const response = await assign('orgadmin@skyline.test', id, { sub_org_id: lakesideId });
      expect(response.statusCode).toBe(200);
      expect(personSchema.parse(response.json())).toMatchObject({
        org_id: skylineId,
        sub_org_id: lakesideId,
        sub_org_name: 'Lakeside',
        user_type: 'student',
      });
      await expectSignedOut(email);
      expect(meSchema.parse((await s.call(email, 'GET', '/api/me')).json()).sub_org).toMatchObject({ id: lakesideId, name: 'Lakeside' });
      // North Field's admin no longer reaches them.
      expect((await s.call('suborgadmin@skyline.test', 'GET', `/api/users/${id}`)).statusCode).toBe(404);

      const entries = await auditEntries('users.assign', 'orgadmin@skyline.test', `users/${id}`);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.details).toMatchObject({
        from: { org_id: skylineId, sub_org_id: northId },
        to: { org_id: skylineId, sub_org_id: lakesideId },
      });
    });

    it('the admin_secondary moves them back, and sub_org_id null removes the sub-organization', async () => {
      const id = await addSkylinePerson('move.back@skyline.test', 'instructor', lakesideId);
      const back = await assign('secondary@skyline.test', id, { sub_org_id: northId });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ sub_org_id: northId, sub_org_name: 'North Field' });
      const cleared = await assign('orgadmin@skyline.test', id, { sub_org_id: null });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toMatchObject({ org_id: skylineId, sub_org_id: null, sub_org_name: null });
      // Naming the own organization is not a move.
      const same = await assign('orgadmin@skyline.test', id, { org_id: skylineId, sub_org_id: lakesideId });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ org_id: skylineId, sub_org_id: lakesideId });
    });

    it('an org admin cannot change the organization: 403, nothing changes', async () => {
      const id = await addSkylinePerson('move.orgdenied@skyline.test');
      for (const payload of [{ org_id: harborId }, { org_id: null }, { org_id: harborId, sub_org_id: harborBaseId }]) {
        for (const actor of ['orgadmin@skyline.test', 'secondary@skyline.test']) {
          const response = await assign(actor, id, payload);
          expect(response.statusCode, `${actor} ${JSON.stringify(payload)}`).toBe(403);
          expect(response.json()).toMatchObject({ status: 403, code: 'forbidden' });
        }
      }
      expect(await read(id)).toMatchObject({ org_id: skylineId, sub_org_id: northId });
    });

    it('the super_admin moves someone to Harbor: the Skyline sub-organization is cleared', async () => {
      const email = 'move.harbor@skyline.test';
      const id = await addSkylinePerson(email, 'instructor');
      await expectStillSignedIn(email);

      const response = await assign('superadmin@skyline.test', id, { org_id: harborId });
      expect(response.statusCode).toBe(200);
      expect(personSchema.parse(response.json())).toMatchObject({ org_id: harborId, org_name: 'Harbor Aviation', sub_org_id: null });
      await expectSignedOut(email);

      expect((await s.call('orgadmin@skyline.test', 'GET', `/api/users/${id}`)).statusCode).toBe(404);
      expect((await s.call('admin@harbor.test', 'GET', `/api/users/${id}`)).statusCode).toBe(200);
      const harborList = (await s.call('admin@harbor.test', 'GET', '/api/users?role=instructor')).json();
      expect(harborList.items.map((person: Person) => person.skylog_id)).toContain(id);

      const intoBase = await assign('superadmin@skyline.test', id, { sub_org_id: harborBaseId });
      expect(intoBase.statusCode).toBe(200);
      expect(intoBase.json()).toMatchObject({ org_id: harborId, sub_org_id: harborBaseId, sub_org_name: 'Harbor Seaplane Base' });
    });

    it('a sub-organization of another organization answers 400 with fields.sub_org_id', async () => {
      const id = await addSkylinePerson('move.wrongsub@skyline.test');
      const cases: Array<[string, object]> = [
        ['orgadmin@skyline.test', { sub_org_id: harborBaseId }],
        ['secondary@skyline.test', { org_id: skylineId, sub_org_id: harborBaseId }],
        ['superadmin@skyline.test', { org_id: skylineId, sub_org_id: harborBaseId }],
        ['superadmin@skyline.test', { org_id: harborId, sub_org_id: northId }],
        ['orgadmin@skyline.test', { sub_org_id: missingId }],
      ];
      for (const [actor, payload] of cases) {
        const response = await assign(actor, id, payload);
        expect(response.statusCode, `${actor} ${JSON.stringify(payload)}`).toBe(400);
        expect(response.json()).toMatchObject({ status: 400, code: 'validation_error' });
        expect(typeof response.json().fields.sub_org_id).toBe('string');
      }
      expect(await read(id)).toMatchObject({ org_id: skylineId, sub_org_id: northId });
    });

    it('an organization nobody has answers 400 with fields.org_id', async () => {
      const id = await addSkylinePerson('move.noorg@skyline.test');
      const response = await assign('superadmin@skyline.test', id, { org_id: missingId });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().fields.org_id).toBe('string');
      expect((await read(id)).org_id).toBe(skylineId);
    });

    it('an empty or unknown body answers 400', async () => {
      const id = await addSkylinePerson('move.empty@skyline.test');
      const empty = await assign('orgadmin@skyline.test', id, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({
        status: 400,
        code: 'validation_error',
        message: 'Choose an organization or a sub-organization',
      });
      const unknown = await assign('orgadmin@skyline.test', id, { team: 'north' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toHaveProperty('team');
      const notUuid = await assign('orgadmin@skyline.test', id, { sub_org_id: 'lakeside' });
      expect(notUuid.statusCode).toBe(400);
      expect(notUuid.json().fields).toHaveProperty('sub_org_id');
      expect((await read(id)).sub_org_id).toBe(northId);
    });

    it('nobody assigns themselves: 400', async () => {
      for (const actor of ['orgadmin@skyline.test', 'superadmin@skyline.test']) {
        const response = await assign(actor, ids.get(actor)!, { sub_org_id: lakesideId });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(ownAccountRefused);
      }
      expect((await read(ids.get('orgadmin@skyline.test')!)).sub_org_id).toBeNull();
    });

    it('another organization’s person answers 404', async () => {
      const id = await addSkylinePerson('move.crossorg@skyline.test');
      const harbor = await assign('admin@harbor.test', id, { sub_org_id: harborBaseId });
      expect(harbor.statusCode).toBe(404);
      expect(harbor.json()).toEqual({ status: 404, code: 'not_found', message: 'User not found' });
      const skyline = await assign('orgadmin@skyline.test', ids.get('pilot@harbor.test')!, { sub_org_id: northId });
      expect(skyline.statusCode).toBe(404);
      expect(await read(id)).toMatchObject({ org_id: skylineId, sub_org_id: northId });
      expect(await read(ids.get('pilot@harbor.test')!)).toMatchObject({ org_id: harborId, sub_org_id: null });
    });

    it('everyone else is refused with 403', async () => {
      const id = await addSkylinePerson('move.denied@skyline.test');
      for (const actor of deniedRoles) {
        const response = await assign(actor, id, { sub_org_id: lakesideId });
        expect(response.statusCode, actor).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
      }
      expect((await read(id)).sub_org_id).toBe(northId);
    });
  });

  describe('POST /api/users/{skylog_id}/deactivate and /reactivate', () => {
    const setActive = async (actor: string, id: string, action: 'deactivate' | 'reactivate') =>
      s.call(actor, 'POST', `/api/users/${id}/${action}`);

    it('deactivation ends the sessions and refuses sign-in with the message and no cookie; reactivation lets them back', async () => {
      const email = 'deactivate.me@skyline.test';
      const id = await addSkylinePerson(email, 'instructor');
      await expectStillSignedIn(email);

      const response = await setActive('orgadmin@skyline.test', id, 'deactivate');
      expect(response.statusCode).toBe(200);
      const person = personSchema.parse(response.json());
      expect(person.is_active).toBe(false);
      await expectSignedOut(email);

      const refused = await signInAttempt(email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(accountDeactivated);
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect(refused.cookies).toEqual([]);
      const sessionRows = await t.ctx.db.select({ value: count() }).from(authSession).where(eq(authSession.userId, person.auth_id!));
      expect(sessionRows[0]!.value).toBe(0);
      expect((await read(id)).is_active).toBe(false);
      expect(await auditEntries('users.deactivate', 'orgadmin@skyline.test', `users/${id}`)).toHaveLength(1);

      const reactivated = await setActive('secondary@skyline.test', id, 'reactivate');
      expect(reactivated.statusCode).toBe(200);
      expect(reactivated.json().is_active).toBe(true);
      const signedIn = await signInAttempt(email);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.cookies.find((cookie) => cookie.name === 'skylog.session_token')).toBeDefined();
      await expectStillSignedIn(email);
      expect(await auditEntries('users.reactivate', 'secondary@skyline.test', `users/${id}`)).toHaveLength(1);
    });

    it('the super_admin deactivates across organizations', async () => {
      const email = 'deactivate.crossorg@harbor.test';
      const id = await s.addPerson('admin@harbor.test', { email, name: 'Harbor Trainee', user_type: 'student' });
      const response = await setActive('superadmin@skyline.test', id, 'deactivate');
      expect(response.statusCode).toBe(200);
      expect((await signInAttempt(email)).json()).toEqual(accountDeactivated);
    });

    it('nobody deactivates or reactivates their own account: 400', async () => {
      for (const action of ['deactivate', 'reactivate'] as const) {
        for (const actor of ['orgadmin@skyline.test', 'superadmin@skyline.test', 'admin@harbor.test']) {
          const response = await setActive(actor, ids.get(actor)!, action);
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual(ownAccountRefused);
        }
      }
      await expectStillSignedIn('orgadmin@skyline.test');
      expect((await read(ids.get('orgadmin@skyline.test')!)).is_active).toBe(true);
    });

    it('another organization’s person answers 404 and stays active', async () => {
      const id = await addSkylinePerson('deactivate.other@skyline.test');
      for (const [actor, target] of [
        ['admin@harbor.test', id],
        ['orgadmin@skyline.test', ids.get('pilot@harbor.test')!],
        ['orgadmin@skyline.test', ids.get('superadmin@skyline.test')!],
      ] as const) {
        const response = await setActive(actor, target, 'deactivate');
        expect(response.statusCode, `${actor} on ${target}`).toBe(404);
        expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'User not found' });
      }
      expect((await read(id)).is_active).toBe(true);
      expect((await read(ids.get('pilot@harbor.test')!)).is_active).toBe(true);
      await expectStillSignedIn('pilot@harbor.test');
    });

    it('everyone else is refused with 403', async () => {
      const id = await addSkylinePerson('deactivate.denied@skyline.test');
      for (const action of ['deactivate', 'reactivate'] as const) {
        for (const actor of deniedRoles) {
          const response = await setActive(actor, id, action);
          expect(response.statusCode, `${actor} ${action}`).toBe(403);
          expect(response.json()).toEqual(permissionDenied);
        }
      }
      expect((await read(id)).is_active).toBe(true);
    });
  });

  describe('DELETE /api/users/{skylog_id}', () => {
    const remove = async (actor: string, id: string) => s.call(actor, 'DELETE', `/api/users/${id}`);

    async function expectGone(id: string, email: string) {
      expect((await s.call('superadmin@skyline.test', 'GET', `/api/users/${id}`)).statusCode).toBe(404);
      const signIn = await signInAttempt(email);
      expect(signIn.statusCode).toBe(401);
      expect(signIn.json()).toMatchObject({ status: 401, message: 'Invalid e-mail or password.' });
      expect(signIn.cookies).toEqual([]);
    }

    const link = async (instructor: string, student: string) => {
      const response = await s.call('orgadmin@skyline.test', 'POST', '/api/student-instructor', [{ instructor, student }]);
      expect(response.statusCode).toBe(204);
    };

    it('the org_admin deletes an instructor: 204, then 404 on read, sign-in fails, links go too', async () => {
      const email = 'delete.instructor@skyline.test';
      const id = await addSkylinePerson(email, 'instructor');
      const studentId = await addSkylinePerson('delete.instructor.student@skyline.test');
      await link(id, studentId);
      await expectStillSignedIn(email);

      const response = await remove('orgadmin@skyline.test', id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      await expectSignedOut(email);
      await expectGone(id, email);
      const links = relationListSchema.parse(
        (await s.call('orgadmin@skyline.test', 'GET', `/api/student-instructor?student=${studentId}`)).json(),
      );
      expect(links).toEqual({ items: [], total: 0 });
      expect((await read(studentId)).name).toBe('Test delete.instructor.student');

      const entries = await auditEntries('users.delete', 'orgadmin@skyline.test', `users/${id}`);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.details).toMatchObject({ email, user_type: 'instructor' });
    });

    it('the admin_secondary deletes a student', async () => {
      const email = 'delete.student@skyline.test';
      const id = await addSkylinePerson(email, 'student', lakesideId);
      expect((await remove('secondary@skyline.test', id)).statusCode).toBe(204);
      await expectGone(id, email);
    });

    it('an instructor deletes only a student linked to them: not an unlinked student, not an instructor (404)', async () => {
      const instructor = 'delete.byinstructor@skyline.test';
      const instructorId = await addSkylinePerson(instructor, 'instructor');
      const ownStudent = 'delete.own.student@skyline.test';
      const ownStudentId = await addSkylinePerson(ownStudent);
      const otherStudentId = await addSkylinePerson('delete.unlinked.student@skyline.test');
      const otherInstructorId = await addSkylinePerson('delete.other.instructor@skyline.test', 'instructor');
      await link(instructorId, ownStudentId);

      for (const target of [
        otherStudentId,
        otherInstructorId,
        ids.get('orgadmin@skyline.test')!,
        ids.get('pilot@harbor.test')!,
        missingId,
      ]) {
        const response = await remove(instructor, target);
        expect(response.statusCode, target).toBe(404);
        expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'User not found' });
      }
      expect((await read(otherStudentId)).user_type).toBe('student');
      expect((await read(otherInstructorId)).user_type).toBe('instructor');

      const response = await remove(instructor, ownStudentId);
      expect(response.statusCode).toBe(204);
      await expectGone(ownStudentId, ownStudent);
    });

    it('an instructor cannot delete a student linked to them by another instructor only', async () => {
      const instructor = 'delete.notmine@skyline.test';
      await addSkylinePerson(instructor, 'instructor');
      const colleagueId = await addSkylinePerson('delete.colleague@skyline.test', 'instructor');
      const studentId = await addSkylinePerson('delete.colleague.student@skyline.test');
      await link(colleagueId, studentId);
      expect((await remove(instructor, studentId)).statusCode).toBe(404);
      expect((await read(studentId)).user_type).toBe('student');
    });

    it('students and sub-organization admins are refused with 403', async () => {
      const id = await addSkylinePerson('delete.denied@skyline.test');
      for (const actor of ['student@skyline.test', 'suborgadmin@skyline.test', 'suborgsecondary@skyline.test', 'pilot@harbor.test']) {
        const response = await remove(actor, id);
        expect(response.statusCode, actor).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
      }
      expect((await read(id)).user_type).toBe('student');
    });

    it('another organization’s person, or the super_admin, answers 404 and stays', async () => {
      const id = await addSkylinePerson('delete.crossorg@skyline.test');
      for (const [actor, target] of [
        ['admin@harbor.test', id],
        ['orgadmin@skyline.test', ids.get('pilot@harbor.test')!],
        ['secondary@skyline.test', ids.get('superadmin@skyline.test')!],
      ] as const) {
        const response = await remove(actor, target);
        expect(response.statusCode, `${actor} on ${target}`).toBe(404);
      }
      expect((await read(id)).user_type).toBe('student');
      await expectStillSignedIn('pilot@harbor.test');
      await expectStillSignedIn('superadmin@skyline.test');
    });

    it('nobody deletes their own account: 400', async () => {
      for (const actor of ['orgadmin@skyline.test', 'instructor@skyline.test']) {
        const response = await remove(actor, await skylogIdOf(t, actor));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(ownAccountRefused);
        await expectStillSignedIn(actor);
      }
    });
  });

  describe('PATCH /api/users/{skylog_id}/cable', () => {
    const setCable = async (actor: string, id: string, payload: unknown) => s.call(actor, 'PATCH', `/api/users/${id}/cable`, payload);

    it('true records when and by whom; false clears it; both persist', async () => {
      const id = await addSkylinePerson('cable.student@skyline.test');
      const before = Date.now();
      const collected = await setCable('orgadmin@skyline.test', id, { cable_collections: true });
      expect(collected.statusCode).toBe(200);
      const body = personSchema.parse(collected.json());
      expect(body).toMatchObject({
        skylog_id: id,
        cable_collections: true,
        cable_collected_by: ids.get('orgadmin@skyline.test'),
        cable_collected_by_name: 'Olivia Grant',
      });
      const collectedAt = Date.parse(body.cable_collected_at!);
      expect(collectedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(collectedAt).toBeLessThanOrEqual(Date.now() + 1000);

      const reread = await read(id, 'secondary@skyline.test');
      expect(reread).toMatchObject({
        cable_collections: true,
        cable_collected_at: body.cable_collected_at,
        cable_collected_by: ids.get('orgadmin@skyline.test'),
        cable_collected_by_name: 'Olivia Grant',
      });

      const cleared = await setCable('secondary@skyline.test', id, { cable_collections: false });
      expect(cleared.statusCode).toBe(200);
      const clearedFields = { cable_collections: false, cable_collected_at: null, cable_collected_by: null, cable_collected_by_name: null };
      expect(cleared.json()).toMatchObject(clearedFields);
      expect(await read(id, 'orgadmin@skyline.test')).toMatchObject(clearedFields);

      const entries = await auditEntries('users.update-cable', 'orgadmin@skyline.test', `users/${id}`);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.details).toEqual({ cable_collections: true });
    });

    it('the collector is whoever recorded it last', async () => {
      const id = await addSkylinePerson('cable.collector@skyline.test', 'instructor', lakesideId);
      expect((await setCable('secondary@skyline.test', id, { cable_collections: true })).json()).toMatchObject({
        cable_collected_by: ids.get('secondary@skyline.test'),
        cable_collected_by_name: 'Sebastian Hale',
      });
      const listed = (await s.call('orgadmin@skyline.test', 'GET', '/api/users?cable=collected&page_size=100')).json();
      expect(listed.items.map((person: Person) => person.skylog_id)).toContain(id);
    });

    it('a value that is not a boolean answers 400 and changes nothing', async () => {
      const id = await addSkylinePerson('cable.invalid@skyline.test');
      for (const payload of [{ cable_collections: 'yes' }, { cable_collections: 1 }, { cable_collections: null }, {}]) {
        const response = await setCable('orgadmin@skyline.test', id, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({
          status: 400,
          code: 'validation_error',
          fields: { cable_collections: 'cable_collections must be true or false' },
        });
      }
      const extra = await setCable('orgadmin@skyline.test', id, {
        cable_collections: true,
        cable_collected_by: ids.get('pilot@harbor.test'),
      });
      expect(extra.statusCode).toBe(400);
      expect((await read(id)).cable_collections).toBe(false);
    });

    it('instructors, students and sub-organization admins are refused with 403', async () => {
      const id = await addSkylinePerson('cable.denied@skyline.test');
      for (const actor of deniedRoles) {
        const response = await setCable(actor, id, { cable_collections: true });
        expect(response.statusCode, actor).toBe(403);
        expect(response.json()).toEqual(permissionDenied);
      }
      expect((await read(id)).cable_collections).toBe(false);
    });

    it('another organization’s person answers 404 and stays as is', async () => {
      const id = await addSkylinePerson('cable.crossorg@skyline.test');
      const harbor = await setCable('admin@harbor.test', id, { cable_collections: true });
      expect(harbor.statusCode).toBe(404);
      expect(harbor.json()).toEqual({ status: 404, code: 'not_found', message: 'User not found' });
      const skyline = await setCable('orgadmin@skyline.test', ids.get('pilot@harbor.test')!, { cable_collections: true });
      expect(skyline.statusCode).toBe(404);
      expect((await read(id)).cable_collections).toBe(false);
      expect((await read(ids.get('pilot@harbor.test')!)).cable_collections).toBe(false);
      expect((await setCable('orgadmin@skyline.test', missingId, { cable_collections: true })).statusCode).toBe(404);
    });
  });
});
