import { apiErrorSchema, messages } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextClientIp, type TestApp } from './helper.ts';
import { createSchool, type School } from './factories.ts';
import { sessions } from './people-helper.ts';
import { gpxOf, straightTrack, tripsApi, uploadsApi } from './trips-helper.ts';

/**
 * Regressions of the outside security probe: input the database cannot store answered
 * 500; an empty PATCH and an XML DOCTYPE answered 500; state changes were accepted from other sites.
 */
describe('requests: bad input is a 400 that names the field, other sites cannot change anything', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  let school: School;
  let student: { email: string; id: string };
  let tripId: string;
  let aircraftId: string;
  let subOrgId: string;

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Hygiene Flying Club');
    subOrgId = await school.addSubOrg('Hangar Two');
    student = await school.addPerson('student');
    tripId = (await trips.create(student.email, { trip_name: 'Hygiene flight', points: straightTrack({ start: Date.parse('2026-05-01T16:00:00Z'), count: 5 }) })).trip_id;
    const plane = await s.call(school.owner, 'POST', '/api/aircraft', { tail_number: 'N100HY' });
    expect(plane.statusCode, plane.body).toBe(201);
    aircraftId = plane.json().id;
  });
  afterAll(async () => t.close());

  describe('characters the database cannot store (NUL, half an emoji) are refused with 400 and the field named', () => {
    const nul = 'before\u0000after';
    const cases = (): Array<{ name: string; field: string; send: () => ReturnType<TestApp['request']> }> => [
      { name: 'a profile name', field: 'name', send: async () => s.call(student.email, 'PATCH', `/api/users/${student.id}`, { name: nul }) },
      { name: 'an organization name', field: 'name', send: async () => s.call('superadmin@skyline.test', 'POST', '/api/orgs', { name: nul }) },
      { name: 'a sub-organization name', field: 'name', send: async () => s.call(school.owner, 'POST', '/api/sub-orgs', { name: nul }) },
      { name: 'aircraft notes', field: 'notes', send: async () => s.call(school.owner, 'PATCH', `/api/aircraft/${aircraftId}`, { notes: nul }) },
      { name: 'a trip name', field: 'trip_name', send: async () => s.call(student.email, 'POST', '/api/trips', { trip_name: nul }) },
      { name: 'marker notes', field: 'notes.text', send: async () => s.call(student.email, 'POST', `/api/trips/${tripId}/manual-markers`, { markerID: 1, timestamp: Date.parse('2026-05-01T16:00:02Z'), notes: { text: 'ok \ud83d' } }) },
      { name: 'a people search', field: 'search', send: async () => s.call(school.owner, 'GET', '/api/users?search=%00') },
      { name: 'a trips search', field: 'search', send: async () => s.call(student.email, 'GET', '/api/trips?search=a%00b') },
      { name: 'an audit-log filter', field: 'action', send: async () => s.call(school.owner, 'GET', '/api/audit-log?action=%00') },
      { name: 'an access-token name', field: 'name', send: async () => s.call(student.email, 'POST', '/api/access-tokens', { name: nul }) },
      {
        name: 'an upload file name',
        field: 'upload-metadata.filename',
        send: async () => uploadsApi(() => t).start({ cookie: await s.as(student.email) }, tripId, { filename: 'cockpit\u0000.opus', size_bytes: 10 }),
      },
      {
        name: 'an imported file name',
        field: 'filename',
        send: async () => trips.importFile(student.email, 'track\u0000.gpx', gpxOf(straightTrack({ start: Date.parse('2026-05-02T16:00:00Z'), count: 3 }))),
      },
      {
        name: 'an anonymous sign-in e-mail (the rate-limit row is never written)',
        field: 'email',
        send: async () =>
          t.request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: `x${nul}@y.test`, password: 'whatever-password' }, remoteAddress: nextClientIp() }),
      },
      {
        name: 'a school registration',
        field: 'school_name',
        send: async () =>
          t.request({
            method: 'POST',
            url: '/api/registration/school',
            payload: { school_name: nul, name: 'N', email: 'nul@school.test', password: 'long-enough-password' },
            remoteAddress: nextClientIp(),
          }),
      },
    ];

    it('for every place the probe found', async () => {
      for (const { name, field, send } of cases()) {
        const response = await send();
        expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
        const body = apiErrorSchema.parse(response.json());
        expect(body.fields?.[field], name).toBe(messages.unstorableCharacter);
      }
      // Nothing was stored on the way.
      expect((await s.call(student.email, 'GET', `/api/users/${student.id}`)).json().name).not.toContain('after');
    });
  });

  describe('input that used to answer 500', () => {
    it('an empty PATCH of an aircraft or a sub-organization changes nothing and answers 200', async () => {
      const plane = await s.call(school.owner, 'PATCH', `/api/aircraft/${aircraftId}`, {});
      expect(plane.statusCode, plane.body).toBe(200);
      expect(plane.json()).toMatchObject({ id: aircraftId, tail_number: 'N100HY' });
      const subOrg = await s.call(school.owner, 'PATCH', '/api/sub-orgs', { id: subOrgId });
      expect(subOrg.statusCode, subOrg.body).toBe(200);
      expect(subOrg.json()).toMatchObject({ id: subOrgId, name: 'Hangar Two' });
    });

    it('a path the router cannot decode or that is too long answers 400 in the one error shape', async () => {
      for (const url of ['/api/trips/a%ED%A0%80b', `/api/users/${'x'.repeat(120)}`]) {
        const response = await s.call(student.email, 'DELETE', url);
        expect(response.statusCode, url).toBe(400);
        expect(apiErrorSchema.parse(response.json())).toMatchObject({ code: 'bad_request', message: messages.badAddress });
      }
    });

    it('a marker category label is refused like every other text', async () => {
      const response = await s.call(school.owner, 'PUT', '/api/marker-categories', {
        categories: [1, 2, 3, 4].map((key) => ({ key, text: key === 2 ? 'Un\u0000usual' : `Key ${key}`, color: '#123456' })),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.values(response.json().fields ?? {})).toContain(messages.unstorableCharacter);
    });

    it('a track file with a DOCTYPE (external entity) is refused with 400 fields.file, and no trip is made', async () => {
      const before = (await trips.list(student.email)).total;
      const track = gpxOf(straightTrack({ start: Date.parse('2026-05-03T16:00:00Z'), count: 3 })).replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE gpx [<!ENTITY secret SYSTEM "file:///etc/passwd">]>',
      );
      const response = await trips.importFile(student.email, 'entity.gpx', track.replace('<name>t</name>', '<name>&secret;</name>'));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields.file).toMatch(/DOCTYPE/);
      expect((await trips.list(student.email)).total).toBe(before);
    });
  });

  describe('cross-site requests', () => {
    const deactivate = async (headers: Record<string, string | undefined>, contentType?: string) => {
      const person = await school.addPerson('student');
      const response = await t.request({
        method: 'POST',
        url: `/api/users/${person.id}/deactivate`,
        cookie: await s.as(school.owner),
        headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
        ...(contentType ? { payload: '' } : {}),
      });
      const isActive = (await s.call(school.owner, 'GET', `/api/users/${person.id}`)).json().is_active as boolean;
      return { response, isActive };
    };

    it('refuses a cookie-authenticated state change from a foreign, null or missing origin (403), and nothing changes', async () => {
      for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: undefined }, { origin: undefined, 'sec-fetch-site': 'cross-site' }]) {
        const { response, isActive } = await deactivate(headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.json()).toMatchObject({ code: 'forbidden', message: messages.crossSiteRefused });
        expect(isActive).toBe(true);
      }
    });

    it('accepts the app’s own origin, or a same-origin fetch that names none', async () => {
      expect((await deactivate({})).isActive).toBe(false);
      expect((await deactivate({ origin: undefined, 'sec-fetch-site': 'same-origin' })).isActive).toBe(false);
    });

    it('reads no text/plain body (what a plain HTML form may send without asking): 415, and nothing changes', async () => {
      const { response, isActive } = await deactivate({}, 'text/plain');
      expect(response.statusCode).toBe(415);
      expect(isActive).toBe(true);
    });

    it('exempts the recorder app’s access token, which carries no cookie authority', async () => {
      const token = (await s.call(student.email, 'POST', '/api/access-tokens', { name: 'Recorder' })).json().token as string;
      const response = await t.request({
        method: 'POST',
        url: '/api/trips',
        headers: { origin: undefined, authorization: `Bearer ${token}` },
        payload: { trip_name: 'From the recorder', points: straightTrack({ start: Date.parse('2026-05-04T16:00:00Z'), count: 3 }) },
      });
      expect(response.statusCode, response.body).toBe(201);
    });
  });
});

describe('HSTS', () => {
  it('is sent when APP_URL is https, and not on a plain-http install', async () => {
    const secure = await createTestApp({ seed: false, env: { APP_URL: 'https://skylog.example.com' } });
    const plain = await createTestApp({ seed: false });
    try {
      expect((await secure.request({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await plain.request({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await secure.close();
      await plain.close();
    }
  });
});
