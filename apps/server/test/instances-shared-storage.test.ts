import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, type School } from './factories.ts';
import { createTestApp, query, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { startLocalS3, type LocalS3 } from './support/s3-server.ts';
import { makeTone, sendAndCut, straightTrack, tripsApi, uploadsApi } from './trips-helper.ts';

// Two Skylog instances on one database with their files in one S3-compatible bucket, as two machines
// behind a load balancer that sends each request wherever it likes: a pilot's upload may go to both,
// the job runs on whichever instance claims it, and either plays the result.
describe('two instances sharing a database and an S3 bucket', () => {
  let s3: LocalS3;
  let a: TestApp;
  let b: TestApp;
  let school: School;
  let pilot: { email: string; id: string };
  let wav: Buffer;
  const s = sessions(() => a);
  const trips = tripsApi(() => a, s);
  const onA = uploadsApi(() => a);
  const onB = uploadsApi(() => b);
  let flights = 0;

  beforeAll(async () => {
    s3 = await startLocalS3();
    const bucket = await s3.newBucket();
    a = await createTestApp({
      seed: false,
      env: {
        STORAGE: 's3',
        S3_ENDPOINT: bucket.endpoint!,
        S3_BUCKET: bucket.bucket,
        S3_REGION: bucket.region,
        S3_ACCESS_KEY_ID: bucket.accessKeyId!,
        S3_SECRET_ACCESS_KEY: bucket.secretAccessKey!,
      },
    });
    b = await a.anotherInstance();
    school = await createSchool(a, s, 'Shared Bucket Aero');
    pilot = await school.addPerson('student');
    const ffmpeg = a.ctx.audioTools.ffmpegPath;
    if (!ffmpeg) throw new Error('these tests need ffmpeg (system or @ffmpeg-installer/linux-x64)');
    const dir = path.join(a.dataDir, 'tones');
    await mkdir(dir, { recursive: true });
    wav = await makeTone(ffmpeg, dir, 'cockpit.wav', 12);
  });
  afterAll(async () => {
    await a?.close();
    await s3?.close();
  });

  const newTrip = async () =>
    (
      await trips.create(pilot.email, {
        trip_name: `Shared storage ${(flights += 1)}`,
        points: straightTrack({ start: Date.parse('2026-05-04T15:00:00Z') + flights * 3_600_000, count: 3 }),
      })
    ).trip_id;

  const idOf = (url: string) => url.split('/').at(-1)!;

  /** The upload's state once a job has ended it, whichever instance ran the job. */
  async function finished(url: string) {
    const auth = { cookie: await s.as(pilot.email) };
    await Promise.all([a.ctx.jobs.drain(), b.ctx.jobs.drain()]);
    await expect.poll(async () => (await onB.read(auth, url)).json().status, { timeout: 20_000, interval: 50 }).toMatch(/done|failed/);
    return (await onA.read(auth, url)).json();
  }

  const jobsOf = (url: string) => query(a, sql`select status, attempts from jobs where payload->>'uploadId' = ${idOf(url)}`);

  it('an upload begun on one instance is finished on the other, processed once, and plays from either', async () => {
    const tripId = await newTrip();
    const auth = { cookie: await s.as(pilot.email) };
    const started = await onA.start(auth, tripId, { filename: 'cockpit.wav', size_bytes: wav.length });
    expect(started.statusCode, started.body).toBe(201);
    const url = started.headers.location as string;
    const half = Math.floor(wav.length / 2);

    expect((await onA.patch(auth, url, 0, wav.subarray(0, half))).statusCode).toBe(204);
    expect((await onB.head(auth, url)).headers['upload-offset']).toBe(String(half));
    const last = await onB.patch(auth, url, half, wav.subarray(half));
    expect(last.statusCode, last.body).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(wav.length));

    expect(await finished(url)).toMatchObject({ status: 'done', error: null });
    expect(await jobsOf(url)).toEqual([{ status: 'done', attempts: 1 }]);

    const fromA = await a.request({ method: 'GET', url: `/api/trips/${tripId}/audio`, cookie: auth.cookie });
    const fromB = await b.request({ method: 'GET', url: `/api/trips/${tripId}/audio`, cookie: auth.cookie });
    expect(fromA.statusCode).toBe(200);
    expect(fromA.headers['content-type']).toBe('audio/ogg');
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    const size = fromA.rawPayload.length;
    const tail = await b.request({ method: 'GET', url: `/api/trips/${tripId}/audio`, cookie: auth.cookie, headers: { range: `bytes=${size - 100}-${size - 1}` } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(fromA.rawPayload.subarray(size - 100))).toBe(true);

    // Everything is in the bucket (the original and its web copy), nothing left of the pieces, nothing on local disk.
    expect((await a.ctx.storage.list(`trips/${tripId}/`)).map((file) => path.posix.basename(file.key)).sort()).toEqual(['original.wav', 'playable.opus']);
    expect(await b.ctx.storage.list(`incoming/${idOf(url)}/`)).toEqual([]);
    expect(await readdir(a.ctx.config.storageDir).catch(() => [])).toEqual([]);

    // Deleted on B: the bucket forgets it.
    expect((await b.request({ method: 'DELETE', url: `/api/trips/${tripId}`, cookie: auth.cookie })).statusCode).toBe(204);
    expect(await a.ctx.storage.list(`trips/${tripId}/`)).toEqual([]);
  });

  it('a piece cut off on one instance keeps what arrived, and the upload resumes on the other', async () => {
    const tripId = await newTrip();
    const auth = { cookie: await s.as(pilot.email) };
    const url = (await onA.start(auth, tripId, { filename: 'cockpit.wav', size_bytes: wav.length })).headers.location as string;
    const cut = Math.floor(wav.length / 3);
    await sendAndCut(a, { url, cookie: auth.cookie, bytes: wav, cut });

    await expect.poll(async () => (await onB.head(auth, url)).headers['upload-offset'], { timeout: 5000, interval: 20 }).toBe(String(cut));
    const rest = await onB.patch(auth, url, cut, wav.subarray(cut));
    expect(rest.statusCode, rest.body).toBe(204);
    expect(await finished(url)).toMatchObject({ status: 'done' });
    expect(await jobsOf(url)).toEqual([{ status: 'done', attempts: 1 }]);
  });

  it('two instances sent the same piece at once: one is kept, the other is told the offset, and nothing is stored twice', async () => {
    const tripId = await newTrip();
    const auth = { cookie: await s.as(pilot.email) };
    const url = (await onA.start(auth, tripId, { filename: 'cockpit.wav', size_bytes: wav.length })).headers.location as string;
    const piece = wav.subarray(0, 100_000);
    const answers = await Promise.all([onA.patch(auth, url, 0, piece), onB.patch(auth, url, 0, piece)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().fields).toEqual({ offset: String(piece.length) });
    expect((await onB.head(auth, url)).headers['upload-offset']).toBe(String(piece.length));
    expect(await a.ctx.storage.list(`incoming/${idOf(url)}/`)).toHaveLength(1);
  });

  it('a sign-out on one instance is obeyed by the other, for the recording too', async () => {
    const tripId = await newTrip();
    const cookie = await s.as(pilot.email);
    const { url } = await onB.upload({ cookie }, tripId, wav, 'cockpit.wav', 1);
    expect(await finished(url)).toMatchObject({ status: 'done' });
    const audioOnB = async () => (await b.request({ method: 'GET', url: `/api/trips/${tripId}/audio`, cookie, headers: { range: 'bytes=0-99' } })).statusCode;
    expect(await audioOnB()).toBe(206);
    expect((await a.request({ method: 'POST', url: '/api/auth/sign-out', cookie, payload: {} })).statusCode).toBe(200);
    await expect.poll(audioOnB, { timeout: 2000, interval: 5 }).toBe(401);
  });
});
