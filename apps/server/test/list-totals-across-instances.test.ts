import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioUploads, users } from '../src/db/schema/index.ts';
import { createSchool, type School } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { straightTrack } from './trips-helper.ts';

// Each instance keeps the exact totals of recently asked flight lists in memory (modules/trips/list-totals.ts).
// Two instances on one database: whatever changes a total on one is reflected in the other's next answer as
// soon as the database's announcement arrives (at once with the embedded database, within milliseconds on
// PostgreSQL: `eventually`), and in the changing instance's own at once.
describe('flight list totals across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let school: School;
  let instructor: { email: string; id: string };
  let student: { email: string; id: string };
  const onA = sessions(() => a);
  let flights = 0;

  beforeAll(async () => {
    a = await createTestApp({ seed: false });
    b = await a.anotherInstance();
    school = await createSchool(a, onA, 'Counted Flights Aero');
    instructor = await school.addPerson('instructor');
    student = await school.addPerson('student', { inviter: instructor.email });
  });
  afterAll(async () => a?.close());

  const totalOn = async (instance: 'a' | 'b', email: string, query = '') => {
    const response = await (instance === 'a' ? a : b).request({ method: 'GET', url: `/api/trips${query}`, cookie: await onA.as(email) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().total as number;
  };
  const eventually = (email: string, query = '') => expect.poll(() => totalOn('b', email, query), { timeout: 2000, interval: 5 });
  const fly = async (body: Record<string, unknown> = {}) => {
    flights += 1;
    const created = await onA.call(instructor.email, 'POST', '/api/trips', {
      trip_name: `Counted ${flights}`,
      points: straightTrack({ start: Date.parse('2026-02-01T15:00:00Z') + flights * 3_600_000, count: 3 }),
      ...body,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().trip_id as string;
  };

  it('a flight added or deleted on one instance changes the total the other answers', async () => {
    const before = await totalOn('b', school.owner);
    expect(await totalOn('b', school.owner)).toBe(before);
    const tripId = await fly();
    expect(await totalOn('a', school.owner)).toBe(before + 1);
    await eventually(school.owner).toBe(before + 1);
    expect((await onA.call(school.owner, 'DELETE', `/api/trips/${tripId}`)).statusCode).toBe(204);
    await eventually(school.owner).toBe(before);
  });

  it('a flight shared with a student, or a change of seat, changes the student’s own total', async () => {
    const tripId = await fly();
    expect(await totalOn('b', student.email)).toBe(0);
    expect((await onA.call(instructor.email, 'PUT', `/api/trips/${tripId}/shared-with`, { shared_with: [student.id] })).statusCode).toBe(
      200,
    );
    await eventually(student.email).toBe(1);
    expect((await onA.call(instructor.email, 'PUT', `/api/trips/${tripId}/shared-with`, { shared_with: [] })).statusCode).toBe(200);
    await eventually(student.email).toBe(0);
    expect((await onA.call(instructor.email, 'PATCH', `/api/trips/${tripId}`, { left_seat: student.id })).statusCode).toBe(200);
    await eventually(student.email).toBe(1);
  });

  it('the administrators’ first page, kept as sent, follows a flight added, renamed or given an upload on the other instance', async () => {
    const pageOn = async (instance: TestApp, email: string) => {
      const response = await instance.request({ method: 'GET', url: '/api/trips?page=0', cookie: await onA.as(email) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        total: number;
        items: { trip_id: string; trip_name: string; audio_status: string; owner: { email: string } | null }[];
      };
    };
    const tripId = await fly();
    for (let i = 0; i < 2; i++) expect((await pageOn(b, school.owner)).items[0]?.trip_id).toBe(tripId);
    expect(b.ctx.listAnswers.size()).toBeGreaterThan(0);

    const newer = await fly();
    await expect.poll(async () => (await pageOn(b, school.owner)).items[0]?.trip_id, { timeout: 2000, interval: 5 }).toBe(newer);
    expect((await onA.call(instructor.email, 'PATCH', `/api/trips/${newer}`, { trip_name: 'Renamed on A' })).statusCode).toBe(200);
    await expect.poll(async () => (await pageOn(b, school.owner)).items[0]?.trip_name, { timeout: 2000, interval: 5 }).toBe('Renamed on A');

    // An upload that fails on A: its state is on the page B sends.
    const started = await a.request({
      method: 'POST',
      url: `/api/trips/${newer}/audio/tus`,
      cookie: await onA.as(instructor.email),
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filename ${Buffer.from('cockpit.wav').toString('base64')}`,
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    // The new flight's analysis changes it too: once done, the page is kept again, and only the upload changes.
    await a.ctx.jobs.drain();
    await b.ctx.jobs.drain();
    await expect.poll(async () => (await pageOn(b, school.owner)).items[0]?.audio_status, { timeout: 2000, interval: 5 }).toBe('none');
    expect(b.ctx.listAnswers.size()).toBeGreaterThan(0);
    await a.ctx.db.update(audioUploads).set({ status: 'failed', error: 'unreadable' }).where(eq(audioUploads.tripId, newer));
    await expect.poll(async () => (await pageOn(b, school.owner)).items[0]?.audio_status, { timeout: 2000, interval: 5 }).toBe('failed');

    // The instructor's e-mail, changed in SQL, shows as the flights' owner.
    expect(b.ctx.listAnswers.size()).toBeGreaterThan(0);
    await a.ctx.db
      .update(users)
      .set({ email: `moved.${instructor.email}` })
      .where(eq(users.skylogId, instructor.id));
    await expect
      .poll(async () => (await pageOn(b, school.owner)).items[0]?.owner?.email, { timeout: 2000, interval: 5 })
      .toBe(`moved.${instructor.email}`);
    await a.ctx.db.update(users).set({ email: instructor.email }).where(eq(users.skylogId, instructor.id));

    // Another school's administrator asking the same address on either instance gets their own school's page.
    const other = await createSchool(a, onA, 'Other Field Aero');
    for (const instance of [a, b]) expect(await pageOn(instance, other.owner)).toMatchObject({ total: 0, items: [] });
    expect((await pageOn(b, school.owner)).items[0]?.trip_id).toBe(newer);
  });

  it('a filter’s total follows a debrief, and a search follows a renamed aircraft', async () => {
    const aircraft = await onA.call(school.owner, 'POST', '/api/aircraft', { tail_number: 'N123CT', type: 'C172' });
    expect(aircraft.statusCode, aircraft.body).toBe(201);
    const tripId = await fly({ aircraft_id: aircraft.json().id });
    const awaiting = await totalOn('b', school.owner, '?status=awaiting_debrief');
    expect((await onA.call(instructor.email, 'PATCH', `/api/trips/${tripId}`, { trip_well: 'Steady climb-out' })).statusCode).toBe(200);
    await eventually(school.owner, '?status=awaiting_debrief').toBe(awaiting - 1);

    expect(await totalOn('b', school.owner, '?search=N456CT')).toBe(0);
    const renamed = await onA.call(school.owner, 'PATCH', `/api/aircraft/${aircraft.json().id}`, { tail_number: 'N456CT' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await eventually(school.owner, '?search=N456CT').toBe(1);
  });
});
