import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trips } from '../src/db/schema/index.ts';
import { createSchool, type School } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { makeTone, straightTrack, tripsApi, uploadsApi } from './trips-helper.ts';

const transcriptOf = (text: string) => ({
  results: { channels: [{ alternatives: [{ transcript: text, words: [{ word: text, start: 0.5, end: 1, speaker: 0 }] }] }] },
});

// The flight screen's large parts are asked for apart from the flight and kept by the browser: each
// answer carries an ETag and `Cache-Control: private, no-cache`, and asking again with If-None-Match
// gets an empty 304 while nothing changed, a full answer (with a new tag) once something did.
describe('a flight’s track, waveform and transcript are revalidated, not sent again', () => {
  let t: TestApp;
  let school: School;
  let pilot: { email: string; id: string };
  let outsider: { email: string; id: string };
  let tripId: string;
  let tone: Buffer;
  const s = sessions(() => t);
  const api = tripsApi(() => t, s);
  const uploads = uploadsApi(() => t);

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    school = await createSchool(t, s, 'Cached Parts Aero');
    pilot = await school.addPerson('student');
    outsider = await (await createSchool(t, s, 'Other Field Aero')).addPerson('student');
    tripId = (
      await api.create(pilot.email, { trip_name: 'Revalidated', points: straightTrack({ start: Date.parse('2026-03-02T16:00:00Z'), count: 400 }) })
    ).trip_id;
    const dir = path.join(t.dataDir, 'tones');
    await mkdir(dir, { recursive: true });
    tone = await makeTone(t.ctx.audioTools.ffmpegPath!, dir, 'tone.opus', 6, ['-c:a', 'libopus']);
    expect((await uploads.upload({ cookie: await s.as(pilot.email) }, tripId, tone, 'cockpit.opus')).state.status).toBe('done');
    await t.ctx.db.update(trips).set({ transcriptJson: transcriptOf('Palo Alto tower') }).where(eq(trips.id, tripId));
  });
  afterAll(async () => t?.close());

  const get = async (url: string, headers: Record<string, string> = {}, email = pilot.email) =>
    t.request({ method: 'GET', url, cookie: await s.as(email), headers });

  it.each(['track', 'audio/peaks', 'transcript'])('/api/trips/{id}/%s: an ETag, private revalidation, then 304 without a body', async (part) => {
    const url = `/api/trips/${tripId}/${part}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect((await get(url)).headers.etag).toBe(etag);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, or the weak form of the same tag, matches too (RFC 9110); another tag does not.
    expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // The tag reveals nothing to someone who may not read the flight: they get the same 404 as without it.
    const outside = await get(url, { 'if-none-match': etag }, outsider.email);
    expect(outside.statusCode).toBe(404);
  });

  it('a changed transcript or a new recording answers in full with a new tag', async () => {
    const transcriptUrl = `/api/trips/${tripId}/transcript`;
    const before = (await get(transcriptUrl)).headers.etag as string;
    await t.ctx.db.update(trips).set({ transcriptJson: transcriptOf('Palo Alto ground') }).where(eq(trips.id, tripId));
    const changed = await get(transcriptUrl, { 'if-none-match': before });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().transcript_json.results.channels[0].alternatives[0].transcript).toBe('Palo Alto ground');
    expect(changed.headers.etag).not.toBe(before);

    const peaksUrl = `/api/trips/${tripId}/audio/peaks`;
    const peaksBefore = (await get(peaksUrl)).headers.etag as string;
    const longer = await makeTone(t.ctx.audioTools.ffmpegPath!, path.join(t.dataDir, 'tones'), 'longer.opus', 9, ['-c:a', 'libopus']);
    expect((await uploads.upload({ cookie: await s.as(pilot.email) }, tripId, longer, 'cockpit.opus')).state.status).toBe('done');
    const replaced = await get(peaksUrl, { 'if-none-match': peaksBefore });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().duration_ms).toBeGreaterThan(8000);
  });

  it('the flight itself stays small: no transcript in it, only the map overview of the track', async () => {
    const detail = await get(`/api/trips/${tripId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).not.toHaveProperty('transcript_json');
    expect(detail.json()).toMatchObject({ has_transcript: true, point_count: 400 });
    expect(detail.headers.etag).toBeUndefined();
  });
});
