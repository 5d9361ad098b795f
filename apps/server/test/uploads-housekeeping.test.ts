import { limits, messages } from '@skylog/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioProcessJob } from '../src/jobs/definitions/audio-process.ts';
import { sweepUploads } from '../src/modules/audio/upload-sweeper.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { createSchool, type School } from './factories.ts';
import { sessions } from './people-helper.ts';
import { straightTrack, tripsApi, uploadsApi } from './trips-helper.ts';

/**
 * Regressions of the outside security probe: one student opened 60 uploads of 2 GiB on one
 * trip; unfinished uploads never went away, nor did a deleted trip's partial file.
 */
describe('unfinished audio uploads are limited, expire, and leave no bytes behind', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  const uploads = uploadsApi(() => t);
  let school: School;
  let pilot: { email: string; id: string };
  let counter = 0;

  const newTrip = async (email = pilot.email) =>
    (await trips.create(email, { trip_name: `Upload test ${(counter += 1)}`, points: straightTrack({ start: Date.parse('2026-06-01T16:00:00Z') + counter * 3_600_000, count: 3 }) })).trip_id;
  /** The stored pieces of an upload, wherever the storage keeps them. */
  const piecesOf = async (id: string) => (await t.ctx.storage.list(`incoming/${id}/`)).map((file) => file.key);
  const start = async (email: string, tripId: string) => uploads.start({ cookie: await s.as(email) }, tripId, { filename: 'cockpit.opus', size_bytes: 2_000_000_000 });
  /** Sends the first bytes, so a partial file exists; answers the upload's id and URL. */
  async function startWithBytes(email: string, tripId: string) {
    const started = await start(email, tripId);
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id as string;
    const url = started.headers.location as string;
    expect((await uploads.patch({ cookie: await s.as(email) }, url, 0, Buffer.alloc(1024, 1))).statusCode).toBe(204);
    expect(await piecesOf(id)).toHaveLength(1);
    return { id, url };
  }

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Upload Limits Aero');
    pilot = await school.addPerson('student');
  });
  afterAll(async () => t.close());

  it('starting again on the same trip replaces one’s own unfinished upload there (its bytes removed)', async () => {
    const tripId = await newTrip();
    const first = await startWithBytes(pilot.email, tripId);
    const second = await startWithBytes(pilot.email, tripId);
    expect(await piecesOf(first.id)).toEqual([]);
    const old = await uploads.read({ cookie: await s.as(pilot.email) }, first.url);
    expect(old.json()).toMatchObject({ status: 'failed', error: messages.uploadReplaced });
    const resumed = await uploads.patch({ cookie: await s.as(pilot.email) }, first.url, 1024, Buffer.alloc(10));
    expect(resumed.statusCode).toBe(410);
    expect(resumed.json().message).toBe(messages.uploadReplaced);
    expect((await uploads.read({ cookie: await s.as(pilot.email) }, second.url)).json().status).toBe('receiving');
  });

  it('one person may have a few unfinished uploads at once, not sixty', async () => {
    const person = await school.addPerson('student');
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) statuses.push((await start(person.email, await newTrip(person.email))).statusCode);
    expect(statuses).toEqual([201, 201, 201, 409, 409]);
    const refused = await start(person.email, await newTrip(person.email));
    expect(refused.json()).toMatchObject({ code: 'conflict', message: messages.uploadsOpenPerPerson });
  });

  it('one trip may have a few unfinished uploads by different people', async () => {
    const instructor = await school.addPerson('instructor');
    const student = await school.addPerson('student', { inviter: instructor.email });
    const tripId = (await trips.create(instructor.email, { trip_name: 'Shared crew flight', left_seat: student.id, right_seat: instructor.id })).trip_id;
    expect((await start(student.email, tripId)).statusCode).toBe(201);
    expect((await start(instructor.email, tripId)).statusCode).toBe(201);
    const third = await start(school.owner, tripId);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(messages.uploadsOpenPerTrip);
  });

  it('an upload idle for a day expires: it says so, and its bytes are removed', async () => {
    const person = await school.addPerson('student');
    const { id, url } = await startWithBytes(person.email, await newTrip(person.email));
    await t.ctx.db.execute(`update audio_uploads set updated_at = now() - interval '25 hours' where id = '${id}'`);
    expect((await sweepUploads(t.ctx)).expired).toBeGreaterThanOrEqual(1);
    expect(await piecesOf(id)).toEqual([]);
    const state = await uploads.read({ cookie: await s.as(person.email) }, url);
    expect(state.json()).toMatchObject({ status: 'failed', error: messages.uploadExpired });
    expect((await uploads.patch({ cookie: await s.as(person.email) }, url, 1024, Buffer.alloc(10))).json().message).toBe(messages.uploadExpired);
  });

  it('pieces no upload waits for are removed after an hour; a live upload’s are kept', async () => {
    const person = await school.addPerson('student');
    const live = await startWithBytes(person.email, await newTrip(person.email));
    const [livePiece] = await piecesOf(live.id);
    const crashed = 'incoming/0b3f4a52-4c1e-4d55-9d7e-000000000001/0000000000000-left-by-a-crash';
    const lostRace = `incoming/${live.id}/0000000000000-stored-by-a-request-that-lost-the-race`;
    const legacy = 'incoming/0b3f4a52-4c1e-4d55-9d7e-000000000002.part';
    for (const key of [crashed, lostRace, legacy]) await t.ctx.storage.put(key, Buffer.from('bytes'));
    // Young pieces may belong to an upload being recorded this very moment.
    await sweepUploads(t.ctx);
    expect(await piecesOf(live.id)).toHaveLength(2);
    expect((await t.ctx.storage.list('incoming/')).map((file) => file.key)).toEqual(expect.arrayContaining([crashed, legacy]));
    // Two hours on, only what the live upload recorded is kept.
    const later = new Date(Date.now() + 2 * 3600 * 1000);
    expect((await sweepUploads(t.ctx, later)).orphans).toBeGreaterThanOrEqual(3);
    expect(await piecesOf(live.id)).toEqual([livePiece]);
    const left = (await t.ctx.storage.list('incoming/')).map((file) => file.key);
    expect(left).not.toContain(crashed);
    expect(left).not.toContain(legacy);
    const resumed = await uploads.patch({ cookie: await s.as(person.email) }, live.url, 1024, Buffer.alloc(10, 2));
    expect(resumed.statusCode, resumed.body).toBe(204);
  });

  it('an upload sent in too many pieces is stopped before it stores another', async () => {
    const person = await school.addPerson('student');
    const { id, url } = await startWithBytes(person.email, await newTrip(person.email));
    const [piece] = await piecesOf(id);
    await t.ctx.db.execute(sql`update audio_uploads set pieces = (select jsonb_agg(${piece}::text) from generate_series(1, ${limits.uploadPiecesMax})) where id = ${id}`);
    const refused = await uploads.patch({ cookie: await s.as(person.email) }, url, 1024, Buffer.alloc(10));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.uploadTooManyPieces);
    expect(await piecesOf(id)).toHaveLength(1);
  });

  it('deleting a trip removes its unfinished upload’s bytes', async () => {
    const person = await school.addPerson('student');
    const tripId = await newTrip(person.email);
    const { id } = await startWithBytes(person.email, tripId);
    expect((await s.call(person.email, 'DELETE', `/api/trips/${tripId}`)).statusCode).toBe(204);
    expect(await piecesOf(id)).toEqual([]);
  });
});

describe('an upload whose audio job gives up for good', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  const uploads = uploadsApi(() => t);

  // No worker on this instance: the job waits in the queue, as it does between its failed attempts.
  beforeAll(async () => (t = await createTestApp({ seed: false, env: { JOBS_WORKER: 'false' } })));
  afterAll(async () => t.close());

  it('says so instead of "processing" for ever, and its pieces are removed', async () => {
    const school = await createSchool(t, s, 'Given Up Aero');
    const pilot = await school.addPerson('student');
    const auth = { cookie: await s.as(pilot.email) };
    const tripId = (await trips.create(pilot.email, { trip_name: 'Job gave up', points: straightTrack({ start: Date.parse('2026-06-02T16:00:00Z'), count: 3 }) })).trip_id;
    const started = await uploads.start(auth, tripId, { filename: 'cockpit.opus', size_bytes: 2048 });
    const id = started.json().id as string;
    const url = started.headers.location as string;
    expect((await uploads.patch(auth, url, 0, Buffer.alloc(2048, 3))).headers['upload-offset']).toBe('2048');
    expect((await uploads.read(auth, url)).json()).toMatchObject({ status: 'processing', is_complete: true });

    // What the queue calls once the last attempt has failed (transcription.test.ts sees the queue call it for the transcript job).
    await audioProcessJob.onFailed!(t.ctx, { uploadId: id }, 'ffmpeg crashed three times');
    expect((await uploads.read(auth, url)).json()).toMatchObject({ status: 'failed', error: messages.audioProcessingFailed });
    expect(await t.ctx.storage.list(`incoming/${id}/`)).toEqual([]);
  });
});
