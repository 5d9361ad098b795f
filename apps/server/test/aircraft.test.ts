import { aircraftListSchema, aircraftSchema } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';
import { permissionDenied, sessions } from './people-helper.ts';

describe('aircraft: the fleet of an organization', () => {
  let t: TestApp;
  const s = sessions(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const list = async (email: string, query = '') => {
    const response = await s.call(email, 'GET', `/api/aircraft${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return aircraftListSchema.parse(response.json());
  };

  it('lists the demo fleet with its exact total, sorted and searchable', async () => {
    const fleet = await list('orgadmin@skyline.test');
    expect(fleet.total).toBe(4);
    expect(fleet.items.map((plane) => plane.tail_number)).toEqual(['N172SP', 'N350DA', 'N4521K', 'N733RG']);
    const page = await list('orgadmin@skyline.test', '?page_size=2&page=1&sort=tail_number&order=desc');
    expect(page).toMatchObject({ total: 4 });
    expect(page.items.map((plane) => plane.tail_number)).toEqual(['N350DA', 'N172SP']);
    expect((await list('orgadmin@skyline.test', '?search=archer')).items.map((plane) => plane.tail_number)).toEqual(['N4521K']);
  });

  it('shows each organization only its own fleet; another organization’s aircraft answers 404', async () => {
    expect(await list('admin@harbor.test')).toEqual({ items: [], total: 0 });
    const [plane] = (await list('student@skyline.test')).items;
    const response = await s.call('admin@harbor.test', 'GET', `/api/aircraft/${plane!.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Aircraft not found');
  });

  it('org admins add, edit and remove aircraft; the tail number is stored in capitals', async () => {
    const created = await s.call('secondary@skyline.test', 'POST', '/api/aircraft', { tail_number: ' n911sk ', call_sign: 'Skyline 91', type: 'Cirrus SR22' });
    expect(created.statusCode, created.body).toBe(201);
    const plane = aircraftSchema.parse(created.json());
    expect(plane).toMatchObject({ tail_number: 'N911SK', call_sign: 'Skyline 91', type: 'Cirrus SR22', notes: null });

    const edited = await s.call('orgadmin@skyline.test', 'PATCH', `/api/aircraft/${plane.id}`, { notes: 'Parachute repacked', call_sign: '' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ notes: 'Parachute repacked', call_sign: null, tail_number: 'N911SK' });

    expect((await s.call('orgadmin@skyline.test', 'DELETE', `/api/aircraft/${plane.id}`)).statusCode).toBe(204);
    expect((await s.call('orgadmin@skyline.test', 'GET', `/api/aircraft/${plane.id}`)).statusCode).toBe(404);
  });

  it('refuses a tail number already in the fleet (409) and a malformed one (400), changing nothing', async () => {
    const duplicate = await s.call('orgadmin@skyline.test', 'POST', '/api/aircraft', { tail_number: 'n172sp' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().fields).toEqual({ tail_number: 'An aircraft with this tail number is already in your fleet.' });
    const malformed = await s.call('orgadmin@skyline.test', 'POST', '/api/aircraft', { tail_number: 'N 1/2' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.tail_number).toBe('Tail number may use letters, digits and - only');
    expect((await list('orgadmin@skyline.test')).total).toBe(4);
  });

  it('instructors and students may read the fleet but not change it (403)', async () => {
    for (const email of ['instructor@skyline.test', 'student@skyline.test', 'suborgadmin@skyline.test']) {
      const response = await s.call(email, 'POST', '/api/aircraft', { tail_number: 'N1' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(permissionDenied);
    }
    expect((await list('instructor@skyline.test')).total).toBe(4);
  });
});
