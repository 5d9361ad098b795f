import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tripDetailSchema, type TripDetail } from '@skylog/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createSchool, type School } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { makeTone, straightTrack, uploadsApi } from './trips-helper.ts';

// Each instance keeps the flight detail it sent, serialized and compressed, under the flight, the version of
// everything the answer shows and the reader's rights (modules/trips/detail-answers.ts). The reader is still
// authorized on every request by the flight's access columns, read with that version in one statement, so a change
// made on the other instance, or in SQL, is seen at once on both databases: no announcement is waited for.
describe('the flight detail kept in memory, across two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let school: School;
  let instructor: { email: string; id: string };
  let student: { email: string; id: string };
  let classmate: { email: string; id: string };
  let admin: { email: string; id: string };
  const s = sessions(() => a);
  let flights = 0;
  const workDir = mkdtempSync(path.join(tmpdir(), 'skylog-detail-cache-'));

  beforeAll(async () => {
    a = await createTestApp({ seed: false });
    b = await a.anotherInstance();
    school = await createSchool(a, s, 'Kept Answers Aero');
    instructor = await school.addPerson('instructor');
    student = await school.addPerson('student', { inviter: instructor.email });
    classmate = await school.addPerson('student');
    admin = await school.addPerson('admin_secondary');
  });
  afterAll(async () => {
    await a?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  /**
   * The instructor's new flight, the student in the left seat, once its analysis and drafted notes are done: those jobs
   * change the flight (and so its answer) when they finish, which would otherwise land between two reads here.
   */
  const fly = async () => {
    flights += 1;
    const created = await s.call(instructor.email, 'POST', '/api/trips', {
      trip_name: `Kept ${flights}`,
      left_seat: student.id,
      points: straightTrack({ start: Date.parse('2026-03-01T15:00:00Z') + flights * 3_600_000, count: 30 }),
    });
    expect(created.statusCode, created.body).toBe(201);
    await Promise.all([a.ctx.jobs.drain(), b.ctx.jobs.drain()]);
    return created.json().trip_id as string;
  };

  /** GET /api/trips/:id on one instance as a browser asks it, the body decoded from what was sent. */
  const read = async (instance: TestApp, email: string, id: string, encoding = 'gzip, deflate, br') => {
    const response = await instance.request({
      method: 'GET',
      url: `/api/trips/${id}`,
      cookie: await s.as(email),
      headers: { 'accept-encoding': encoding },
    });
    const sent = response.headers['content-encoding'];
    const text =
      sent === 'br' ? brotliDecompressSync(response.rawPayload) : sent === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
    return { status: response.statusCode, encoding: sent, body: JSON.parse(text.toString()) as TripDetail & { code?: string } };
  };
  const detailOn = async (instance: TestApp, email: string, id: string) => {
    const { status, body } = await read(instance, email, id);
    expect(status, JSON.stringify(body)).toBe(200);
    return tripDetailSchema.parse(body);
  };
  const rightsOf = (detail: TripDetail) => ({
    can_edit: detail.can_edit,
    can_debrief: detail.can_debrief,
    can_share: detail.can_share,
    can_delete: detail.can_delete,
  });

  it('a repeated read sends the same answer in brotli, gzip or none, from memory', async () => {
    const id = await fly();
    const first = await read(a, instructor.email, id);
    expect(first).toMatchObject({ status: 200, encoding: 'br' });
    expect(a.ctx.tripDetails.hasFlight(id)).toBe(true);
    const sentAs: [string, string | undefined][] = [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['deflate', undefined],
    ];
    for (const [accepted, encoding] of sentAs) {
      const again = await read(a, instructor.email, id, accepted);
      expect(again.body, accepted).toEqual(first.body);
      expect(again.encoding, accepted).toBe(encoding);
    }
  });

  it('a flight renamed, marked or given a recording on one instance is seen changed on the other at once', async () => {
    const id = await fly();
    for (const instance of [a, b]) for (let i = 0; i < 2; i++) await detailOn(instance, student.email, id);

    const renamed = await b.request({
      method: 'PATCH',
      url: `/api/trips/${id}`,
      cookie: await s.as(instructor.email),
      payload: { trip_name: 'Renamed on B' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await detailOn(a, student.email, id)).trip_name).toBe('Renamed on B');

    const marker = {
      markerID: 2,
      timestamp: Date.parse('2026-03-01T15:00:00Z') + flights * 3_600_000 + 5_000,
      notes: { text: 'Flaps late' },
    };
    const marked = await b.request({
      method: 'POST',
      url: `/api/trips/${id}/manual-markers`,
      cookie: await s.as(instructor.email),
      payload: marker,
    });
    expect(marked.statusCode, marked.body).toBe(201);
    const withMarker = await detailOn(a, student.email, id);
    expect(withMarker.markers.map((each) => each.notes.text)).toEqual(['Flaps late']);
    expect(withMarker.marker_count).toBe(1);

    // The recording goes up to B and is processed there: A shows each state of it.
    const ffmpeg = b.ctx.audioTools.ffmpegPath;
    expect(ffmpeg, 'ffmpeg is needed to make the recording').toBeTruthy();
    const tone = await makeTone(ffmpeg!, workDir, 'kept.opus', 3, ['-c:a', 'libopus']);
    const uploads = uploadsApi(() => b);
    const auth = { cookie: await s.as(instructor.email) };
    const started = await uploads.start(auth, id, { filename: 'kept.opus', size_bytes: tone.length });
    expect(started.statusCode, started.body).toBe(201);
    expect((await detailOn(a, student.email, id)).audio_status).toBe('none');
    const sent = await uploads.patch(auth, started.headers.location as string, 0, tone);
    expect(sent.statusCode, sent.body).toBe(204);
    // Processing on B may already be done by the time A is asked; what A may not show is the flight without it.
    expect(['processing', 'ready']).toContain((await detailOn(a, student.email, id)).audio_status);
    await b.ctx.jobs.drain();
    const played = await detailOn(a, student.email, id);
    expect(played.audio_status).toBe('ready');
    expect(played.audio.duration_ms).toBeGreaterThan(2000);
    expect(played.record_uri).toBe(`/api/trips/${id}/audio`);
  });

  it('names shown and the people it is shared with follow changes made on the other instance or in SQL', async () => {
    const id = await fly();
    for (const instance of [a, b]) await detailOn(instance, instructor.email, id);

    const shared = await b.request({
      method: 'PUT',
      url: `/api/trips/${id}/shared-with`,
      cookie: await s.as(instructor.email),
      payload: { shared_with: [classmate.id] },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await detailOn(a, instructor.email, id)).shared_with.map((person) => person.skylog_id)).toEqual([classmate.id]);

    // An operator renames the pilot and the classmate it is shared with, in SQL on B's connection.
    await b.ctx.db.update(users).set({ name: 'Renamed Pilot' }).where(eq(users.skylogId, student.id));
    await b.ctx.db.update(users).set({ name: 'Renamed Classmate' }).where(eq(users.skylogId, classmate.id));
    for (const instance of [a, b]) {
      const detail = await detailOn(instance, instructor.email, id);
      expect(detail.left_seat?.name).toBe('Renamed Pilot');
      expect(detail.shared_with.map((person) => person.name)).toEqual(['Renamed Classmate']);
    }
  });

  it('a kept detail is refused once the share that let the reader see it is removed, on both instances', async () => {
    const id = await fly();
    const shared = await a.request({
      method: 'PUT',
      url: `/api/trips/${id}/shared-with`,
      cookie: await s.as(instructor.email),
      payload: { shared_with: [classmate.id] },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    for (const instance of [a, b])
      for (let i = 0; i < 2; i++) expect(rightsOf(await detailOn(instance, classmate.email, id)).can_edit).toBe(false);

    const unshared = await b.request({
      method: 'PUT',
      url: `/api/trips/${id}/shared-with`,
      cookie: await s.as(instructor.email),
      payload: { shared_with: [] },
    });
    expect(unshared.statusCode, unshared.body).toBe(200);
    for (const instance of [a, b]) expect((await read(instance, classmate.email, id)).status).toBe(404);
  });

  it('a kept detail is refused once the reader’s role no longer lets them see the flight, on both instances', async () => {
    const id = await fly();
    for (const instance of [a, b])
      for (let i = 0; i < 2; i++) expect(rightsOf(await detailOn(instance, admin.email, id)).can_delete).toBe(true);

    // Changed in place, the session kept (an operator's SQL): each instance acts on the new role once it hears of it.
    await b.ctx.db.update(users).set({ userType: 'student' }).where(eq(users.skylogId, admin.id));
    for (const instance of [a, b]) {
      await expect.poll(async () => (await read(instance, admin.email, id)).status, { timeout: 2000, interval: 5 }).toBe(404);
    }
    // And through the API, which signs the person out: signed in again, still refused on both.
    const promoted = await s.call(school.owner, 'PUT', `/api/users/${admin.id}/role`, { user_type: 'admin_secondary' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    s.forget(admin.email);
    for (const instance of [a, b]) expect(rightsOf(await detailOn(instance, admin.email, id)).can_delete).toBe(true);
    const demoted = await a.request({
      method: 'PUT',
      url: `/api/users/${admin.id}/role`,
      cookie: await s.as(school.owner),
      payload: { user_type: 'student' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    s.forget(admin.email);
    for (const instance of [b, a]) expect((await read(instance, admin.email, id)).status).toBe(404);
  });

  it('readers of different scope asking the same flight in turn each get their own answer, on one instance and across two', async () => {
    const id = await fly();
    const expected = new Map<string, ReturnType<typeof rightsOf> | 404>();
    for (const email of [instructor.email, student.email, school.owner]) expected.set(email, rightsOf(await detailOn(a, email, id)));
    expected.set(classmate.email, 404);
    // Students do not write the debrief (docs/product.md "Flights and who sees them (tenancy)"): the two get different answers.
    expect(expected.get(instructor.email)).toMatchObject({ can_debrief: true });
    expect(expected.get(student.email)).toMatchObject({ can_debrief: false });

    for (let round = 0; round < 3; round++) {
      for (const [index, [email, rights]] of [...expected.entries()].entries()) {
        for (const instance of round === 1 ? [a, b] : index % 2 === 0 ? [a] : [b]) {
          const answer = await read(instance, email, id);
          if (rights === 404) {
            expect(answer.status, email).toBe(404);
            expect(answer.body).not.toHaveProperty('trip_name');
          } else {
            expect(answer.status, email).toBe(200);
            expect(rightsOf(tripDetailSchema.parse(answer.body)), email).toEqual(rights);
          }
        }
      }
    }
  });
});
