import { readdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { audioPeaksSchema } from '@skylog/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioUploads } from '../src/db/schema/index.ts';
import { createSchool } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { hasEncoder, makeTone, sendAndCut, straightTrack, tripsApi, uploadsApi } from './trips-helper.ts';

const notAudio = 'This file is not audio Skylog can read. Upload an MP3, M4A, WAV, FLAC or Opus recording.';

describe('trip audio: resumable uploads, processing, playback with ranges', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const api = tripsApi(() => t, s);
  const uploads = uploadsApi(() => t);
  let workDir: string;
  let opus: Buffer;
  let shortOpus: Buffer;
  let wav: Buffer;
  let mp3: Buffer | null;
  let leo: { cookie: string };
  let day = 0;

  const newTrip = async (name: string) =>
    (
      await api.create('leo.nakamura@skyline.test', {
        trip_name: name,
        points: straightTrack({ start: Date.parse('2026-07-01T18:00:00Z') + (day += 1) * 86_400_000, count: 30 }),
      })
    ).trip_id;
  const audioOf = async (tripId: string, headers: Record<string, string> = {}, email = 'leo.nakamura@skyline.test') =>
    t.request({ method: 'GET', url: `/api/trips/${tripId}/audio`, cookie: await s.as(email), headers });

  beforeAll(async () => {
    t = await createTestApp();
    const ffmpeg = t.ctx.audioTools.ffmpegPath;
    if (!ffmpeg) throw new Error('these tests need ffmpeg (system or @ffmpeg-installer/linux-x64)');
    workDir = await mkdtemp(path.join(tmpdir(), 'skylog-trips-audio-'));
    opus = await makeTone(ffmpeg, workDir, 'tone.opus', 20, ['-c:a', 'libopus']);
    shortOpus = await makeTone(ffmpeg, workDir, 'short.opus', 5, ['-c:a', 'libopus']);
    wav = await makeTone(ffmpeg, workDir, 'tone.wav', 20);
    mp3 = (await hasEncoder(ffmpeg, 'libmp3lame'))
      ? await makeTone(ffmpeg, workDir, 'tone.mp3', 20, ['-c:a', 'libmp3lame', '-b:a', '64k'])
      : null;
    leo = { cookie: await s.as('leo.nakamura@skyline.test') };
  });
  afterAll(async () => {
    await t.close();
    await rm(workDir, { recursive: true, force: true });
  });

  describe('a recording browsers play as it is (Opus, MP3)', () => {
    it('an Opus file sent in two pieces becomes the trip’s audio: duration, peaks, the very bytes, ranges', async () => {
      const tripId = await newTrip('With Opus');
      const { id, state } = await uploads.upload(leo, tripId, opus, 'cockpit.opus');
      expect(state).toMatchObject({
        id,
        trip_id: tripId,
        status: 'done',
        error: null,
        offset: opus.length,
        size_bytes: opus.length,
        is_complete: true,
      });

      const trip = await api.get('leo.nakamura@skyline.test', tripId);
      expect(trip.audio_status).toBe('ready');
      expect(trip.record_uri).toBe(`/api/trips/${tripId}/audio`);
      expect(trip.audio).toMatchObject({
        status: 'ready',
        mime_type: 'audio/ogg',
        size_bytes: opus.length,
        error: null,
        started_at: Date.parse(trip.begin_time!),
      });
      expect(Math.abs(trip.audio.duration_ms! - 20_000)).toBeLessThanOrEqual(50);
      expect((await api.list('leo.nakamura@skyline.test', '?status=with_audio')).items.map((item) => item.trip_id)).toContain(tripId);

      const peaks = await s.call('instructor@skyline.test', 'GET', `/api/trips/${tripId}/audio/peaks`);
      expect(peaks.statusCode).toBe(200);
      const { duration_ms: durationMs, peaks: values } = audioPeaksSchema.parse(peaks.json());
      expect(durationMs).toBe(trip.audio.duration_ms);
      expect(values).toHaveLength(20 * 20);
      for (const value of values.slice(1, -1)) expect(value).toBeGreaterThan(0.05);
      for (const value of values) expect(value).toBeLessThanOrEqual(1);

      // Audio is already compressed: it goes out as stored even to a client that accepts compression.
      const full = await audioOf(tripId, { 'accept-encoding': 'br, gzip' });
      expect(full.statusCode).toBe(200);
      expect(full.headers).toMatchObject({ 'content-type': 'audio/ogg', 'accept-ranges': 'bytes', 'content-length': String(opus.length) });
      expect(full.headers['content-encoding']).toBeUndefined();
      expect(full.rawPayload.equals(opus)).toBe(true);

      const range = await audioOf(tripId, { range: 'bytes=100-199', 'accept-encoding': 'br, gzip' });
      expect(range.statusCode).toBe(206);
      expect(range.headers).toMatchObject({ 'content-range': `bytes 100-199/${opus.length}`, 'content-length': '100' });
      expect(range.headers['content-encoding']).toBeUndefined();
      expect(range.rawPayload.equals(opus.subarray(100, 200))).toBe(true);
      const tail = await audioOf(tripId, { range: 'bytes=-10' });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(opus.subarray(opus.length - 10))).toBe(true);

      const unsatisfiable = await audioOf(tripId, { range: `bytes=${opus.length}-` });
      expect(unsatisfiable.statusCode).toBe(416);
      expect(unsatisfiable.headers['content-range']).toBe(`bytes */${opus.length}`);
    });

    it('answers an open-ended range (what a media element asks while seeking) with at most 128 KB', async () => {
      // 20 s at 256 kbit/s: about 640 KB, kept as it is (Opus plays in browsers).
      const big = await makeTone(t.ctx.audioTools.ffmpegPath!, workDir, 'big.opus', 20, ['-c:a', 'libopus', '-b:a', '256k']);
      expect(big.length).toBeGreaterThan(400 * 1024);
      const tripId = await newTrip('With a big Opus');
      await uploads.upload(leo, tripId, big, 'big.opus');
      const open = await audioOf(tripId, { range: 'bytes=1000-' });
      expect(open.statusCode).toBe(206);
      expect(open.headers['content-range']).toBe(`bytes 1000-${1000 + 128 * 1024 - 1}/${big.length}`);
      expect(open.rawPayload.equals(big.subarray(1000, 1000 + 128 * 1024))).toBe(true);
      // Near the end the answer is simply the rest; a closed range is answered as asked.
      const rest = await audioOf(tripId, { range: `bytes=${big.length - 100}-` });
      expect(rest.headers['content-range']).toBe(`bytes ${big.length - 100}-${big.length - 1}/${big.length}`);
      const closed = await audioOf(tripId, { range: `bytes=0-${300 * 1024}` });
      expect(closed.rawPayload.length).toBe(300 * 1024 + 1);
    });

    // An ffmpeg built without LAME cannot make the MP3 fixture; Debian's and the npm-shipped one both have it.
    it('an MP3 file is served as it was sent', async (context) => {
      if (!mp3) return context.skip('this ffmpeg has no MP3 encoder (libmp3lame) to make the fixture');
      const tripId = await newTrip('With MP3');
      expect((await uploads.upload(leo, tripId, mp3, 'cockpit.mp3', 3)).state.status).toBe('done');
      const trip = await api.get('leo.nakamura@skyline.test', tripId);
      expect(trip.audio).toMatchObject({ status: 'ready', mime_type: 'audio/mpeg', size_bytes: mp3.length });
      expect(Math.abs(trip.audio.duration_ms! - 20_000)).toBeLessThanOrEqual(100);
      const range = await audioOf(tripId, { range: 'bytes=100-199' });
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.equals(mp3.subarray(100, 200))).toBe(true);
    });
  });

  it('a WAV recording is served as a transcoded Ogg Opus copy, with ranges of that copy', async () => {
    const tripId = await newTrip('With WAV');
    expect((await uploads.upload(leo, tripId, wav, 'cockpit.wav')).state.status).toBe('done');
    const trip = await api.get('leo.nakamura@skyline.test', tripId);
    expect(trip.audio).toMatchObject({ status: 'ready', mime_type: 'audio/ogg' });
    expect(Math.abs(trip.audio.duration_ms! - 20_000)).toBeLessThanOrEqual(50);
    expect((await s.call('leo.nakamura@skyline.test', 'GET', `/api/trips/${tripId}/audio/peaks`)).json().peaks).toHaveLength(400);

    const full = await audioOf(tripId);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/ogg');
    expect(full.rawPayload.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(full.rawPayload.length).toBe(trip.audio.size_bytes);
    expect(full.rawPayload.length).toBeLessThan(wav.length);
    const range = await audioOf(tripId, { range: 'bytes=100-199' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${full.rawPayload.length}`);
    expect(range.rawPayload.equals(full.rawPayload.subarray(100, 200))).toBe(true);
  });

  it('a trip sent without a track lasts as long as its recording', async () => {
    const begin = Date.parse('2026-07-20T09:00:00Z');
    const trip = await api.create('leo.nakamura@skyline.test', { trip_name: 'Audio only', begin_time: begin });
    expect(trip).toMatchObject({ point_count: 0, begin_time: new Date(begin).toISOString(), track_overview: [] });
    expect((await uploads.upload(leo, trip.trip_id, opus, 'cockpit.opus')).state.status).toBe('done');
    const after = await api.get('leo.nakamura@skyline.test', trip.trip_id);
    expect(after.begin_time).toBe(new Date(begin).toISOString());
    expect(Math.abs(after.duration_ms! - 20_000)).toBeLessThanOrEqual(50);
  });

  describe('a recording in takes (the phone recorder opens the microphone again after a reload)', () => {
    it('is joined on the flight’s timeline: each take where it started, silence where the microphone was off', async () => {
      const webm = await makeTone(t.ctx.audioTools.ffmpegPath!, workDir, 'take.webm', 5, ['-c:a', 'libopus']);
      const tripId = await newTrip('Recorded in two takes');
      // The first take starts 1 s after the flight (the microphone opening), the second 12 s after (after the reload).
      const takes = `1000:${webm.length},12000:${webm.length}`;
      const { state } = await uploads.upload(leo, tripId, Buffer.concat([webm, webm]), 'cockpit.webm', 3, takes);
      expect(state).toMatchObject({ status: 'done', error: null });
      const trip = await api.get('leo.nakamura@skyline.test', tripId);
      expect(trip.audio).toMatchObject({ status: 'ready', mime_type: 'audio/ogg', started_at: Date.parse(trip.begin_time!) });
      expect(Math.abs(trip.audio.duration_ms! - 17_000)).toBeLessThanOrEqual(100);

      // 20 peaks a second: the tone from 1 s to 6 s and from 12 s to 17 s, silence before and between.
      const { peaks } = audioPeaksSchema.parse((await s.call('leo.nakamura@skyline.test', 'GET', `/api/trips/${tripId}/audio/peaks`)).json());
      const during = (from: number, to: number) => peaks.slice(from * 20, to * 20);
      for (const peak of [...during(0, 0.9), ...during(6.2, 11.8)]) expect(peak).toBeLessThan(0.01);
      for (const peak of [...during(1.2, 5.8), ...during(12.2, 16.8)]) expect(peak).toBeGreaterThan(0.05);
      const full = await audioOf(tripId);
      expect(full.rawPayload.subarray(0, 4).toString('latin1')).toBe('OggS');
    });

    it('refuses takes that do not describe the upload, naming the field, and stores nothing', async () => {
      const tripId = await newTrip('Takes that do not fit');
      const before = await t.ctx.db.select({ id: audioUploads.id }).from(audioUploads).where(eq(audioUploads.tripId, tripId));
      for (const takes of ['', '0:500,0:500', '0:500,', Array.from({ length: 51 }, (_, index) => `${index * 1000}:20`).join(','), '5000:500,1000:500', '0:500;900:500', '0:0,1000:1000', `0:500,${25 * 3600 * 1000}:500`]) {
        const refused = await uploads.start(leo, tripId, { filename: 'cockpit.webm', size_bytes: 1000, takes });
        expect(refused.statusCode, takes).toBe(400);
        expect(refused.json().fields, takes).toEqual({
          'upload-metadata.takes':
            'takes must list each take as its start in milliseconds after the flight began and its size in bytes ("0:52000,95000:31000"), each starting after the one before, at most 50 takes within 24 hours.',
        });
      }
      const wrongSum = await uploads.start(leo, tripId, { filename: 'cockpit.webm', size_bytes: 1000, takes: '0:400,9000:400' });
      expect(wrongSum.statusCode).toBe(400);
      expect(wrongSum.json().fields).toEqual({ 'upload-metadata.takes': 'The takes’ sizes must add up to Upload-Length.' });
      expect(await t.ctx.db.select({ id: audioUploads.id }).from(audioUploads).where(eq(audioUploads.tripId, tripId))).toEqual(before);
    });
  });

  describe('the name and type a client gives an upload', () => {
    const storedNameOf = async (uploadId: string) =>
      (await t.ctx.db.select({ filename: audioUploads.filename }).from(audioUploads).where(eq(audioUploads.id, uploadId)))[0]?.filename;
    // A pilot of their own, so the unfinished uploads these leave never count against the other tests' pilot.
    let pilot: { cookie: string };
    const pilotTrip = async (name: string) => {
      const school = await createSchool(t, s, name);
      const student = await school.addPerson('student');
      pilot = { cookie: await s.as(student.email) };
      return (await api.create(student.email, { trip_name: name, points: straightTrack({ start: Date.parse('2026-08-01T18:00:00Z'), count: 30 }) })).trip_id;
    };

    it('keeps only a safe base name: no path, no control characters, no leading dots', async () => {
      const tripId = await pilotTrip('Upload Names Club');
      for (const [given, kept] of [
        ['../../../etc/cron.d/x', 'x'],
        ['C:\\Users\\pilot\\.cockpit\u0007 left.opus', 'cockpit left.opus'],
        ['Vol du matin ✈ Évreux.m4a', 'Vol du matin ✈ Évreux.m4a'],
      ] as const) {
        const started = await uploads.start(pilot, tripId, { filename: given, size_bytes: 1000, content_type: 'audio/ogg' });
        expect(started.statusCode, started.body).toBe(201);
        expect(await storedNameOf(started.json().id)).toBe(kept);
      }
      const onlyDots = await uploads.start(pilot, tripId, { filename: '../..', size_bytes: 1000 });
      expect(onlyDots.statusCode).toBe(400);
      expect(onlyDots.json().fields).toEqual({ 'upload-metadata.filename': 'File name must name a file, not only dots, slashes or spaces' });
    });

    it('refuses a declared file type that is not audio with 400 naming it; audio, its containers and "unknown" are taken', async () => {
      const tripId = await pilotTrip('Upload Types Club');
      for (const contentType of ['application/x-msdownload', 'text/html', 'image/png', 'application/pdf']) {
        const refused = await uploads.start(pilot, tripId, { filename: 'cockpit.opus', size_bytes: 1000, content_type: contentType });
        expect(refused.statusCode, contentType).toBe(400);
        expect(refused.json()).toMatchObject({ code: 'validation_error', fields: { 'upload-metadata.filetype': notAudio } });
      }
      for (const contentType of ['audio/ogg; codecs=opus', 'Audio/MPEG', 'audio/x-m4a', 'video/webm', 'video/mp4', 'application/octet-stream']) {
        const taken = await uploads.start(pilot, tripId, { filename: 'cockpit.opus', size_bytes: 1000, content_type: contentType });
        expect(taken.statusCode, `${contentType}: ${taken.body}`).toBe(201);
      }
    });
  });

  describe('a file that is not audio', () => {
    it('fails the upload with a message for the pilot and leaves a trip without audio as it was', async () => {
      const tripId = await newTrip('Text instead of audio');
      const text = Buffer.from('Pattern work at KPAO, three touch-and-goes.\n'.repeat(100));
      const { state } = await uploads.upload(leo, tripId, text, 'notes.opus');
      expect(state).toMatchObject({ status: 'failed', error: notAudio });
      const trip = await api.get('leo.nakamura@skyline.test', tripId);
      expect(trip).toMatchObject({ audio_status: 'failed', record_uri: null });
      expect(trip.audio).toMatchObject({ status: 'failed', error: notAudio, duration_ms: null, mime_type: null });
      const peaks = await s.call('leo.nakamura@skyline.test', 'GET', `/api/trips/${tripId}/audio/peaks`);
      expect(peaks.statusCode).toBe(404);
      expect(peaks.json().message).toBe('This trip has no audio yet.');
      expect((await audioOf(tripId)).statusCode).toBe(404);
    });

    it('keeps the audio a trip already had; a good file afterwards replaces it', async () => {
      const tripId = await newTrip('Keep the old audio');
      expect((await uploads.upload(leo, tripId, opus, 'first.opus')).state.status).toBe('done');
      const before = await api.get('leo.nakamura@skyline.test', tripId);

      const { state } = await uploads.upload(leo, tripId, Buffer.from('not audio at all\n'.repeat(200)), 'second.mp3');
      expect(state).toMatchObject({ status: 'failed', error: notAudio });
      const after = await api.get('leo.nakamura@skyline.test', tripId);
      expect(after.audio_status).toBe('ready');
      expect(after.audio).toMatchObject({
        status: 'ready',
        duration_ms: before.audio.duration_ms,
        size_bytes: opus.length,
        mime_type: 'audio/ogg',
      });
      expect(after.record_uri).toBe(before.record_uri);
      // The failure of the newer upload is still told, beside the audio that stays.
      expect(after.audio.error).toBe(notAudio);
      expect((await audioOf(tripId)).rawPayload.equals(opus)).toBe(true);

      expect((await uploads.upload(leo, tripId, shortOpus, 'third.opus')).state.status).toBe('done');
      const replaced = await api.get('leo.nakamura@skyline.test', tripId);
      expect(Math.abs(replaced.audio.duration_ms! - 5000)).toBeLessThanOrEqual(50);
      expect(replaced.audio.error).toBeNull();
      expect((await audioOf(tripId)).rawPayload.equals(shortOpus)).toBe(true);
      expect((await s.call('leo.nakamura@skyline.test', 'GET', `/api/trips/${tripId}/audio/peaks`)).json().peaks).toHaveLength(100);
    });
  });

  it('deleting a trip removes its audio files', async () => {
    const tripId = await newTrip('Delete with audio');
    expect((await uploads.upload(leo, tripId, shortOpus, 'cockpit.opus')).state.status).toBe('done');
    const filesOf = async () => {
      const entries = await readdir(path.join(t.ctx.config.storageDir, 'trips', tripId), { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      return entries.filter((entry) => entry.isFile());
    };
    expect((await filesOf()).length).toBeGreaterThan(0);
    expect((await s.call('leo.nakamura@skyline.test', 'DELETE', `/api/trips/${tripId}`)).statusCode).toBe(204);
    expect(await filesOf()).toEqual([]);
  });

  it('keeps every byte that arrived before the connection broke, and the upload resumes from there', async () => {
    const tripId = await newTrip('Broken connection');
    const started = await uploads.start(leo, tripId, { filename: 'cockpit.opus', size_bytes: opus.length });
    const url = started.headers.location as string;
    const half = Math.floor(opus.length / 2);
    await sendAndCut(t, { url, cookie: leo.cookie, bytes: opus, cut: half });

    // Resume as a client would: ask for the offset and send the rest (the server takes a moment to notice
    // the cut and store what arrived as a piece; until then it reports the offset before this request).
    let resumed;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const offset = Number((await uploads.head(leo, url)).headers['upload-offset']);
      if (offset === half) {
        resumed = await uploads.patch(leo, url, offset, opus.subarray(offset));
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(resumed!.statusCode, resumed!.body).toBe(204);
    expect(resumed!.headers['upload-offset']).toBe(String(opus.length));
    await t.ctx.jobs.drain();
    expect((await uploads.read(leo, url)).json()).toMatchObject({ status: 'done', offset: opus.length, is_complete: true });
    const audio = await audioOf(tripId);
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.equals(opus)).toBe(true);
  });
});
