import { apiTokenCreatedSchema, audioUploadSchema, messages } from '@skylog/contracts';
import { sql } from 'drizzle-orm';
import { Upload, type HttpRequest } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, type School } from './factories.ts';
import { appOrigin, createTestApp, query, skylogIdOf, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { startCuttingProxy } from './support/cutting-proxy.ts';
import { startLocalS3, type LocalS3 } from './support/s3-server.ts';
import {
  listeningPort,
  makeTone,
  sendOverHttp,
  straightTrack,
  tripsApi,
  tusVersionHeaders,
  uploadContentType,
  uploadMetadata,
  uploadsApi,
} from './trips-helper.ts';

const hour = 3600 * 1000;
const limitMessage = 'The file is larger than the 2048 MB limit.';
const uploadNotFound = { status: 404, code: 'not_found', message: messages.uploadNotFound };

/** tus's Upload-Metadata read back. */
function metadataOf(header: string | string[] | number | undefined): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(',')
      .map((pair) => pair.split(' '))
      .map(([key, value]) => [key, Buffer.from(value ?? '', 'base64').toString('utf8')]),
  );
}

describe('tus 1.0 audio uploads, over plain HTTP', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  const uploads = uploadsApi(() => t);
  let school: School;
  let flights = 0;

  const points = () => straightTrack({ start: Date.parse('2026-09-01T15:00:00Z') + (flights += 1) * 86_400_000, count: 5 });
  /** A pilot of their own with a flight: unfinished uploads one test leaves never count against another's. */
  async function pilotWithFlight() {
    const pilot = await school.addPerson('student');
    const tripId = (await trips.create(pilot.email, { trip_name: `Tus flight ${flights}`, points: points() })).trip_id;
    return { pilot, auth: { cookie: await s.as(pilot.email) }, tripId };
  }
  async function startedUpload(size = 1000) {
    const flight = await pilotWithFlight();
    const created = await uploads.start(flight.auth, flight.tripId, { filename: 'cockpit.wav', size_bytes: size });
    expect(created.statusCode, created.body).toBe(201);
    return { ...flight, id: created.json().id as string, url: created.headers.location as string };
  }
  const piecesOf = async (uploadId: string) => t.ctx.storage.list(`incoming/${uploadId}/`);

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Tus Protocol Aero');
  });
  afterAll(async () => t.close());

  it('OPTIONS names the protocol, its extensions and the largest recording, to anyone', async () => {
    const { tripId } = await pilotWithFlight();
    const response = await t.request({ method: 'OPTIONS', url: `/api/trips/${tripId}/audio/tus` });
    expect(response.statusCode).toBe(204);
    expect(response.headers).toMatchObject({
      'tus-resumable': '1.0.0',
      'tus-version': '1.0.0',
      'tus-extension': 'creation,creation-with-upload,termination,expiration',
      'tus-max-size': String(2048 * 1048576),
    });
  });

  it('creation answers 201 with the upload’s URL; HEAD and PATCH give the offset, the length, the metadata and the expiry', async () => {
    const { auth, tripId } = await pilotWithFlight();
    const before = Date.now();
    const created = await uploads.start(auth, tripId, { filename: 'Vol du matin ✈.wav', size_bytes: 1000, content_type: 'audio/wav' });
    expect(created.statusCode, created.body).toBe(201);
    const url = created.headers.location as string;
    expect(url).toMatch(new RegExp(`^/api/trips/${tripId}/audio/tus/[0-9a-f-]{36}$`));
    expect(created.headers).toMatchObject({ 'tus-resumable': '1.0.0', 'upload-offset': '0', 'upload-length': '1000' });
    const expires = Date.parse(String(created.headers['upload-expires']));
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 24 * hour);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * hour);
    expect(audioUploadSchema.parse(created.json())).toEqual({
      id: url.split('/').at(-1),
      trip_id: tripId,
      offset: 0,
      size_bytes: 1000,
      is_complete: false,
      status: 'receiving',
      error: null,
    });

    const head = await uploads.head(auth, url);
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ 'tus-resumable': '1.0.0', 'upload-offset': '0', 'upload-length': '1000', 'cache-control': 'no-store' });
    expect(metadataOf(head.headers['upload-metadata'])).toEqual({ filename: 'Vol du matin ✈.wav', filetype: 'audio/wav' });
    expect(head.body).toBe('');

    const sent = await uploads.patch(auth, url, 0, Buffer.alloc(400, 1));
    expect(sent.statusCode, sent.body).toBe(204);
    expect(sent.headers).toMatchObject({ 'tus-resumable': '1.0.0', 'upload-offset': '400' });
    expect(Date.parse(String(sent.headers['upload-expires']))).toBeGreaterThanOrEqual(expires);
    expect(sent.body).toBe('');
    expect((await uploads.head(auth, url)).headers['upload-offset']).toBe('400');
    expect((await uploads.read(auth, url)).json()).toMatchObject({ offset: 400, status: 'receiving', is_complete: false });
  });

  it('the last byte completes the upload and queues the audio job once; a complete upload has no expiry', async () => {
    const { auth, url, id } = await startedUpload(1000);
    const done = await uploads.patch(auth, url, 0, Buffer.alloc(1000, 1));
    expect(done.statusCode).toBe(204);
    expect(done.headers['upload-offset']).toBe('1000');
    expect(done.headers['upload-expires']).toBeUndefined();
    expect(await query(t, sql`select kind from jobs where payload->>'uploadId' = ${id}`)).toEqual([{ kind: 'audio.process' }]);
    const head = await uploads.head(auth, url);
    expect(head.headers).toMatchObject({ 'upload-offset': '1000', 'upload-length': '1000' });
    expect(head.headers['upload-expires']).toBeUndefined();
    // Bytes that are no recording fail in the job, and the upload says so.
    await t.ctx.jobs.drain();
    expect((await uploads.read(auth, url)).json()).toMatchObject({ status: 'failed', is_complete: true, error: messages.audioNotReadable });
  });

  it('answers 412 with the version it speaks to a request naming another version or none, and does nothing', async () => {
    const { auth, tripId, url, id } = await startedUpload();
    for (const version of ['0.2.2', undefined]) {
      const headers = version ? { 'tus-resumable': version } : {};
      const requests = [
        { method: 'POST' as const, url: `/api/trips/${tripId}/audio/tus`, headers: { ...headers, 'upload-length': '10', 'upload-metadata': uploadMetadata({ filename: 'a.wav' }) } },
        { method: 'HEAD' as const, url, headers },
        { method: 'PATCH' as const, url, headers: { ...headers, 'content-type': uploadContentType, 'upload-offset': '0' }, payload: Buffer.alloc(10) },
        { method: 'DELETE' as const, url, headers },
      ];
      for (const request of requests) {
        const response = await t.request({ ...request, cookie: auth.cookie });
        expect(response.statusCode, `${request.method} ${version}`).toBe(412);
        expect(response.headers).toMatchObject({ 'tus-version': '1.0.0', 'tus-resumable': '1.0.0' });
        if (request.method !== 'HEAD') {
          expect(response.json()).toEqual({ status: 412, code: 'precondition_failed', message: messages.tusVersionUnsupported });
        }
      }
    }
    expect(await query(t, sql`select "offset"::int as offset from audio_uploads where trip_id = ${tripId}`)).toEqual([{ offset: 0 }]);
    expect(await piecesOf(id)).toEqual([]);
  });

  it('PATCH: 409 at another offset than the server’s (naming it), 415 for bytes of another type, 400 without an offset', async () => {
    const { auth, url } = await startedUpload();
    const ahead = await uploads.patch(auth, url, 10, Buffer.alloc(100, 1));
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json()).toEqual({ status: 409, code: 'conflict', message: messages.uploadOffsetMismatch, fields: { offset: '0' } });
    for (const contentType of ['application/octet-stream', 'application/json', 'text/plain']) {
      const wrongType = await uploads.patch(auth, url, 0, Buffer.from('{"bytes":1}'), contentType);
      expect(wrongType.statusCode, contentType).toBe(415);
      expect(wrongType.json(), contentType).toEqual({ status: 415, code: 'unsupported_media_type', message: messages.uploadBytesTypeWrong });
    }
    for (const offset of [undefined, '-1', '1.5', '0x10']) {
      const response = await t.request({
        method: 'PATCH',
        url,
        cookie: auth.cookie,
        headers: { ...tusVersionHeaders, 'content-type': uploadContentType, ...(offset === undefined ? {} : { 'upload-offset': offset }) },
        payload: Buffer.alloc(10),
      });
      expect(response.statusCode, String(offset)).toBe(400);
      expect(response.json().fields, String(offset)).toEqual({ 'upload-offset': messages.uploadOffsetInvalid });
    }
    expect((await uploads.patch(auth, url, 0, Buffer.alloc(400, 1))).headers['upload-offset']).toBe('400');
    const behind = await uploads.patch(auth, url, 0, Buffer.alloc(100, 1));
    expect(behind.statusCode).toBe(409);
    expect(behind.json().fields).toEqual({ offset: '400' });
    expect((await uploads.head(auth, url)).headers['upload-offset']).toBe('400');
  });

  it('413: a recording over the limit is refused at creation, and bytes beyond the declared length mid-body', async () => {
    const { auth, tripId } = await pilotWithFlight();
    const huge = await uploads.start(auth, tripId, { filename: 'day.wav', size_bytes: 2048 * 1048576 + 1 });
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['tus-resumable']).toBe('1.0.0');
    expect(huge.json()).toEqual({ status: 413, code: 'body_too_large', message: limitMessage, fields: { 'upload-length': limitMessage } });

    const { auth: owner, url } = await startedUpload(1000);
    expect((await uploads.patch(owner, url, 0, Buffer.alloc(400, 1))).statusCode).toBe(204);
    // Over a real connection: the refusal comes while the body is still arriving (inject cannot show that).
    const tooMany = await sendOverHttp(t, {
      method: 'PATCH',
      path: url,
      headers: { cookie: owner.cookie, ...tusVersionHeaders, 'content-type': uploadContentType, 'upload-offset': '400' },
      body: Buffer.alloc(700, 2),
    });
    expect(tooMany.status).toBe(413);
    expect(JSON.parse(tooMany.body)).toMatchObject({ status: 413, message: messages.uploadTooLong });
    expect((await uploads.head(owner, url)).headers['upload-offset']).toBe('400');
    // The right remainder still completes it.
    expect((await uploads.patch(owner, url, 400, Buffer.alloc(600, 2))).headers['upload-offset']).toBe('1000');
    const again = await uploads.patch(owner, url, 1000, Buffer.alloc(1));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.uploadComplete);
    await t.ctx.jobs.drain();
  });

  it('400 naming the header at fault for a missing or broken Upload-Length or Upload-Metadata, and nothing is created', async () => {
    const { auth, tripId } = await pilotWithFlight();
    const filename = uploadMetadata({ filename: 'cockpit.wav' });
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ 'upload-metadata': filename }, { 'upload-length': messages.uploadLengthInvalid }],
      // Deferring the length is an extension this server does not offer.
      [{ 'upload-defer-length': '1', 'upload-metadata': filename }, { 'upload-length': messages.uploadLengthInvalid }],
      [{ 'upload-length': '1.5', 'upload-metadata': filename }, { 'upload-length': messages.uploadLengthInvalid }],
      [{ 'upload-length': '-1', 'upload-metadata': filename }, { 'upload-length': messages.uploadLengthInvalid }],
      [{ 'upload-length': '0', 'upload-metadata': filename }, { 'upload-length': messages.uploadEmpty }],
      [{ 'upload-length': '10' }, { 'upload-metadata': messages.uploadMetadataInvalid }],
      [{ 'upload-length': '10', 'upload-metadata': 'filename !!!' }, { 'upload-metadata': messages.uploadMetadataInvalid }],
      [{ 'upload-length': '10', 'upload-metadata': `${filename},${filename}` }, { 'upload-metadata': messages.uploadMetadataInvalid }],
      [{ 'upload-length': '10', 'upload-metadata': uploadMetadata({ filetype: 'audio/wav' }) }, { 'upload-metadata.filename': 'File name is required' }],
      [{ 'upload-length': '10', 'upload-metadata': 'filename' }, { 'upload-metadata.filename': 'File name is required' }],
      [{ 'upload-length': '10', 'upload-metadata': uploadMetadata({ filename: 'cockpit\u0000.wav' }) }, { 'upload-metadata.filename': messages.unstorableCharacter }],
      [
        { 'upload-length': '10', 'upload-metadata': uploadMetadata({ filename: 'setup.exe', filetype: 'application/x-msdownload' }) },
        { 'upload-metadata.filetype': messages.audioNotReadable },
      ],
    ];
    for (const [headers, fields] of cases) {
      const response = await t.request({ method: 'POST', url: `/api/trips/${tripId}/audio/tus`, cookie: auth.cookie, headers: { ...tusVersionHeaders, ...headers } });
      expect(response.statusCode, JSON.stringify(headers)).toBe(400);
      expect(response.json().fields, JSON.stringify(headers)).toEqual(fields);
    }
    expect(await query(t, sql`select id from audio_uploads where trip_id = ${tripId}`)).toEqual([]);
  });

  it('creation with upload: the POST’s body is the upload’s first bytes', async () => {
    const { auth, tripId } = await pilotWithFlight();
    const created = await t.request({
      method: 'POST',
      url: `/api/trips/${tripId}/audio/tus`,
      cookie: auth.cookie,
      headers: { ...tusVersionHeaders, 'upload-length': '1000', 'upload-metadata': uploadMetadata({ filename: 'cockpit.wav' }), 'content-type': uploadContentType },
      payload: Buffer.alloc(600, 7),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['upload-offset']).toBe('600');
    expect(created.json()).toMatchObject({ offset: 600, is_complete: false, status: 'receiving' });
    const url = created.headers.location as string;
    expect((await uploads.patch(auth, url, 600, Buffer.alloc(400, 7))).headers['upload-offset']).toBe('1000');
    await t.ctx.jobs.drain();
  });

  it('termination: DELETE drops an unfinished upload and its bytes, after which it is unknown; a complete one stays', async () => {
    const { auth, url, id } = await startedUpload(1000);
    expect((await uploads.patch(auth, url, 0, Buffer.alloc(100))).statusCode).toBe(204);
    expect(await piecesOf(id)).toHaveLength(1);
    const dropped = await uploads.terminate(auth, url);
    expect(dropped.statusCode, dropped.body).toBe(204);
    expect(dropped.headers['tus-resumable']).toBe('1.0.0');
    expect(await piecesOf(id)).toEqual([]);
    expect((await uploads.head(auth, url)).statusCode).toBe(404);
    expect((await uploads.patch(auth, url, 100, Buffer.alloc(10))).json()).toEqual(uploadNotFound);
    expect((await uploads.terminate(auth, url)).json()).toEqual(uploadNotFound);

    const complete = await startedUpload(10);
    expect((await uploads.patch(complete.auth, complete.url, 0, Buffer.alloc(10))).statusCode).toBe(204);
    const refused = await uploads.terminate(complete.auth, complete.url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.uploadComplete);
    expect(await query(t, sql`select status from jobs where payload->>'uploadId' = ${complete.id}`)).toHaveLength(1);
    await t.ctx.jobs.drain();
  });

  it('expiration: an upload idle past its Upload-Expires is gone (410, saying why) and its bytes removed; so is a replaced one', async () => {
    const { auth, url, id, tripId } = await startedUpload(1000);
    expect((await uploads.patch(auth, url, 0, Buffer.alloc(100))).statusCode).toBe(204);
    await query(t, sql`update audio_uploads set updated_at = now() - interval '25 hours' where id = ${id}`);
    // Named before the sweeper ran: what Upload-Expires said holds.
    const head = await uploads.head(auth, url);
    expect(head.statusCode).toBe(410);
    expect(head.headers['tus-resumable']).toBe('1.0.0');
    const patch = await uploads.patch(auth, url, 100, Buffer.alloc(10));
    expect(patch.json()).toEqual({ status: 410, code: 'gone', message: messages.uploadExpired });
    expect(await piecesOf(id)).toEqual([]);
    expect((await uploads.read(auth, url)).json()).toMatchObject({ status: 'failed', error: messages.uploadExpired, offset: 100 });

    const first = await uploads.start(auth, tripId, { filename: 'first.wav', size_bytes: 100 });
    const second = await uploads.start(auth, tripId, { filename: 'second.wav', size_bytes: 100 });
    const replaced = await uploads.patch(auth, first.headers.location as string, 0, Buffer.alloc(10));
    expect(replaced.json()).toEqual({ status: 410, code: 'gone', message: messages.uploadReplaced });
    expect((await uploads.head(auth, second.headers.location as string)).statusCode).toBe(200);
  });

  describe('who reaches an upload', () => {
    it('only the person who started it, and only at its flight’s URL: 404 for anyone else, in the school or not', async () => {
      const { pilot, auth, url, id, tripId } = await startedUpload(1000);
      const instructor = await school.addPerson('instructor');
      const other = await createSchool(t, s, 'Tus Other Aero');
      for (const email of [instructor.email, school.owner, (await school.addPerson('student')).email, other.owner]) {
        const stranger = { cookie: await s.as(email) };
        for (const response of [
          await uploads.read(stranger, url),
          await uploads.patch(stranger, url, 0, Buffer.alloc(10)),
          await uploads.terminate(stranger, url),
        ]) {
          expect(response.statusCode, email).toBeGreaterThanOrEqual(403);
          expect(response.statusCode, email).toBeLessThanOrEqual(404);
        }
        expect((await uploads.head(stranger, url)).statusCode, email).toBe(404);
        expect((await uploads.read(stranger, url)).json(), email).toEqual(uploadNotFound);
      }
      // The upload named under another flight of its sender.
      const otherFlight = (await trips.create(pilot.email, { trip_name: 'Another', points: points() })).trip_id;
      expect((await uploads.head(auth, `/api/trips/${otherFlight}/audio/tus/${id}`)).statusCode).toBe(404);
      expect((await uploads.read(auth, `/api/trips/${otherFlight}/audio/tus/${id}`)).json()).toEqual(uploadNotFound);
      expect((await uploads.head(auth, url)).headers['upload-offset']).toBe('0');
      expect(tripId).not.toBe(otherFlight);
    });
  });
});

describe('tus 1.0 audio uploads: who may add the recording (the demo school)', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  const uploads = uploadsApi(() => t);
  let day = 0;
  const points = () => straightTrack({ start: Date.parse('2026-10-01T15:00:00Z') + (day += 1) * 86_400_000, count: 5 });
  const file = { filename: 'cockpit.wav', size_bytes: 100 };

  beforeAll(async () => (t = await createTestApp()));
  afterAll(async () => t.close());

  it('a viewer the flight is only shared with is refused (403), someone out of scope and another school get 404, the linked instructor may', async () => {
    const tripId = (await trips.create('leo.nakamura@skyline.test', { trip_name: 'Shared', points: points() })).trip_id;
    const priya = await skylogIdOf(t, 'priya.shah@skyline.test');
    expect((await s.call('leo.nakamura@skyline.test', 'PUT', `/api/trips/${tripId}/shared-with`, { shared_with: [priya] })).statusCode).toBe(200);
    const as = async (email: string) => uploads.start({ cookie: await s.as(email) }, tripId, file);
    const viewer = await as('priya.shah@skyline.test');
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ status: 403, code: 'forbidden', message: messages.tripReadOnly });
    for (const email of ['ana.costa@skyline.test', 'admin@harbor.test', 'pilot@harbor.test']) {
      const refused = await as(email);
      expect(refused.statusCode, email).toBe(404);
      expect(refused.json().message, email).toBe(messages.tripNotFound);
    }
    expect((await as('instructor@skyline.test')).statusCode).toBe(201);
    expect(await query(t, sql`select count(*)::int as count from audio_uploads where trip_id = ${tripId}`)).toEqual([{ count: 1 }]);
  });

  it('a sender taken off the crew mid-upload cannot send the rest; they may still drop it', async () => {
    const leo = await skylogIdOf(t, 'leo.nakamura@skyline.test');
    const iris = await skylogIdOf(t, 'instructor@skyline.test');
    const tripId = (await trips.create('instructor@skyline.test', { trip_name: 'Crew change', points: points(), left_seat: leo, right_seat: iris })).trip_id;
    const auth = { cookie: await s.as('leo.nakamura@skyline.test') };
    const created = await uploads.start(auth, tripId, file);
    expect(created.statusCode, created.body).toBe(201);
    const url = created.headers.location as string;
    expect((await uploads.patch(auth, url, 0, Buffer.alloc(50))).statusCode).toBe(204);
    expect((await s.call('instructor@skyline.test', 'PATCH', `/api/trips/${tripId}`, { left_seat: null })).statusCode).toBe(200);
    const refused = await uploads.patch(auth, url, 50, Buffer.alloc(50));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(messages.tripNotFound);
    expect((await uploads.terminate(auth, url)).statusCode).toBe(204);
  });
});

/** A client's view of its upload: its requests, in order, with the offsets its PATCHes started at. */
type ClientRun = { requests: string[]; url: string | null; error: Error | null };

/** Runs one tus-js-client upload in Node (a Buffer source) to its end or its failure. */
function runTusClient(bytes: Buffer, options: { endpoint: string; uploadUrl?: string; headers: Record<string, string>; retryDelays?: number[] | null }): Promise<ClientRun> {
  const run: ClientRun = { requests: [], url: null, error: null };
  return new Promise((resolve) => {
    const upload = new Upload(bytes, {
      endpoint: options.endpoint,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      headers: options.headers,
      metadata: { filename: 'cockpit.wav', filetype: 'audio/wav' },
      // The web app's piece size, so a recording goes in several PATCHes.
      chunkSize: 256 * 1024,
      retryDelays: options.retryDelays === undefined ? [0, 100, 300] : options.retryDelays,
      onBeforeRequest: (request: HttpRequest) => {
        const offset = request.getHeader('Upload-Offset');
        run.requests.push(`${request.getMethod()}${offset === undefined ? '' : ` ${offset}`}`);
      },
      onSuccess: () => resolve({ ...run, url: upload.url }),
      onError: (error) => resolve({ ...run, url: upload.url, error }),
    });
    upload.start();
  });
}

describe.each(['local', 's3'] as const)('tus-js-client against listening Skylog instances (%s storage)', (storage) => {
  let s3: LocalS3 | undefined;
  let a: TestApp;
  let b: TestApp;
  let school: School;
  let pilot: { email: string; id: string };
  let wav: Buffer;
  const s = sessions(() => a);
  const trips = tripsApi(() => a, s);
  const onA = uploadsApi(() => a);
  let flights = 0;

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (storage === 's3') {
      s3 = await startLocalS3();
      const bucket = await s3.newBucket();
      env = {
        STORAGE: 's3',
        S3_ENDPOINT: bucket.endpoint!,
        S3_BUCKET: bucket.bucket,
        S3_REGION: bucket.region,
        S3_ACCESS_KEY_ID: bucket.accessKeyId!,
        S3_SECRET_ACCESS_KEY: bucket.secretAccessKey!,
      };
    }
    a = await createTestApp({ seed: false, env });
    b = await a.anotherInstance();
    school = await createSchool(a, s, `Tus Client Aero ${storage}`);
    pilot = await school.addPerson('student');
    const ffmpeg = a.ctx.audioTools.ffmpegPath;
    if (!ffmpeg) throw new Error('these tests need ffmpeg (system or @ffmpeg-installer/linux-x64)');
    wav = await makeTone(ffmpeg, a.dataDir, 'cockpit.wav', 12);
  });
  afterAll(async () => {
    await a?.close();
    await s3?.close();
  });

  const newTrip = async () =>
    (await trips.create(pilot.email, { trip_name: `Tus client ${(flights += 1)}`, points: straightTrack({ start: Date.parse('2026-11-01T15:00:00Z') + flights * hour, count: 5 }) })).trip_id;
  const baseOf = async (instance: TestApp) => `http://127.0.0.1:${await listeningPort(instance)}`;
  const endpointOf = async (instance: TestApp, tripId: string) => `${await baseOf(instance)}/api/trips/${tripId}/audio/tus`;
  const browser = async () => ({ cookie: await s.as(pilot.email), origin: appOrigin });

  /** The upload once a job ended it, whichever instance ran the job; the stored original must be the bytes sent. */
  async function expectProcessed(tripId: string, url: string) {
    const auth = { cookie: await s.as(pilot.email) };
    const path = new URL(url, appOrigin).pathname;
    await Promise.all([a.ctx.jobs.drain(), b.ctx.jobs.drain()]);
    await expect.poll(async () => (await onA.read(auth, path)).json().status, { timeout: 20_000, interval: 50 }).toBe('done');
    const id = path.split('/').at(-1)!;
    expect(await query(a, sql`select status, attempts from jobs where payload->>'uploadId' = ${id}`)).toEqual([{ status: 'done', attempts: 1 }]);
    const [original] = await a.ctx.storage.list(`trips/${tripId}/audio-${id}/original`);
    const chunks: Buffer[] = [];
    for await (const chunk of a.ctx.storage.read(original!.key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(wav)).toBe(true);
    expect(await a.ctx.storage.list(`incoming/${id}/`)).toEqual([]);
    const trip = await s.call(pilot.email, 'GET', `/api/trips/${tripId}`);
    expect(trip.json().audio).toMatchObject({ status: 'ready', mime_type: 'audio/ogg' });
  }

  it('a recorder with its access token sends a whole recording; it is processed as the web app’s uploads are', async () => {
    const tripId = await newTrip();
    const token = apiTokenCreatedSchema.parse((await s.call(pilot.email, 'POST', '/api/access-tokens', { name: `Recorder ${storage}` })).json()).token;
    const run = await runTusClient(wav, { endpoint: await endpointOf(a, tripId), headers: { authorization: `Bearer ${token}` } });
    expect(run.error).toBeNull();
    expect(run.requests[0]).toBe('POST');
    expect(run.requests.filter((request) => request.startsWith('PATCH'))).toHaveLength(Math.ceil(wav.length / (256 * 1024)));
    await expectProcessed(tripId, run.url!);
  });

  it('a connection cut mid-upload: a new client resumes from the offset HEAD gives, not from the start', async () => {
    const tripId = await newTrip();
    const proxy = await startCuttingProxy(await listeningPort(a), 400_000);
    try {
      const first = await runTusClient(wav, { endpoint: `${proxy.url}/api/trips/${tripId}/audio/tus`, headers: await browser(), retryDelays: null });
      expect(proxy.hasCut()).toBe(true);
      expect(first.error).not.toBeNull();
      const path = new URL(first.url!).pathname;
      // The server stores what arrived before the cut as a piece, a moment after it noticed.
      const auth = { cookie: await s.as(pilot.email) };
      await expect.poll(async () => Number((await onA.head(auth, path)).headers['upload-offset']), { timeout: 5000, interval: 20 }).toBeGreaterThan(0);
      const offset = Number((await onA.head(auth, path)).headers['upload-offset']);
      expect(offset).toBeLessThan(wav.length);

      const second = await runTusClient(wav, { endpoint: await endpointOf(a, tripId), uploadUrl: `${await baseOf(a)}${path}`, headers: await browser() });
      expect(second.error).toBeNull();
      expect(second.requests.slice(0, 2)).toEqual(['HEAD', `PATCH ${offset}`]);
      expect(second.requests).not.toContain('POST');
      await expectProcessed(tripId, path);
    } finally {
      await proxy.close();
    }
  });

  it('an upload begun on one instance is finished on the other', async () => {
    const tripId = await newTrip();
    const proxy = await startCuttingProxy(await listeningPort(a), 600_000);
    try {
      const onInstanceA = await runTusClient(wav, { endpoint: `${proxy.url}/api/trips/${tripId}/audio/tus`, headers: await browser(), retryDelays: null });
      expect(onInstanceA.error).not.toBeNull();
      const path = new URL(onInstanceA.url!).pathname;
      const auth = { cookie: await s.as(pilot.email) };
      await expect.poll(async () => Number((await onA.head(auth, path)).headers['upload-offset']), { timeout: 5000, interval: 20 }).toBeGreaterThan(0);
      const offset = Number((await uploadsApi(() => b).head(auth, path)).headers['upload-offset']);

      const onInstanceB = await runTusClient(wav, { endpoint: await endpointOf(b, tripId), uploadUrl: `${await baseOf(b)}${path}`, headers: await browser() });
      expect(onInstanceB.error).toBeNull();
      // Instance A may still be storing the bytes that arrived before the cut when B is first asked, so B's client
      // resumes from that offset or from a later one, never from the start.
      const [head, patch] = onInstanceB.requests;
      expect(head).toBe('HEAD');
      expect(Number(patch?.replace('PATCH ', ''))).toBeGreaterThanOrEqual(offset);
      expect(offset).toBeGreaterThan(0);
      await expectProcessed(tripId, path);
    } finally {
      await proxy.close();
    }
  });
});
