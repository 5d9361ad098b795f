import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  limits,
  messages,
  trackImportNotices,
  trackImportResultSchema,
  trackTimesMessages,
  tripAnalysisSchema,
  units,
} from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { makeTone, sendOverHttp, tripsApi, uploadsApi } from './trips-helper.ts';

/** Real flights of bench/corpus/tracks (its README says where each comes from). */
const corpusFile = (file: string) =>
  gunzipSync(readFileSync(fileURLToPath(new URL(`../../../bench/corpus/tracks/${file}`, import.meta.url))));

const leo = 'leo.nakamura@skyline.test';
const untimedMessage =
  "This GPX file has a route but no times. Give the take-off time and either the landing time or the audio's length, and Skylog spreads its points evenly between them.";

/** A route of `count` points a tenth of a kilometre apart, northward from Palo Alto, with no times. */
const untimedRoute = (count: number) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="planner" xmlns="http://www.topografix.com/GPX/1/1"><rte>${Array.from(
    { length: count },
    (_, index) => `<rtept lat="${(37.46 + index * 0.001).toFixed(4)}" lon="-122.11"><ele>${30 + index * 10}</ele></rtept>`,
  ).join('')}</rte></gpx>`;

describe('track import: the logs aircraft write, values checked against the movement, tracks without times', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  const uploads = uploadsApi(() => t);

  /** POST /api/trips/import over a real connection, as the web app sends it. */
  const importOverHttp = async (filename: string, body: Buffer | string, query = '', email = leo) => {
    const answer = await sendOverHttp(t, {
      method: 'POST',
      path: `/api/trips/import?filename=${encodeURIComponent(filename)}${query}`,
      headers: { cookie: await s.as(email), 'content-type': 'application/octet-stream' },
      body: Buffer.isBuffer(body) ? body : Buffer.from(body),
    });
    return { status: answer.status, json: JSON.parse(answer.body) as Record<string, unknown> & { fields?: Record<string, string> } };
  };
  const fastestKt = async (tripId: string) => {
    const track = await s.call(leo, 'GET', `/api/trips/${tripId}/track`);
    expect(track.statusCode, track.body).toBe(200);
    return Math.max(...(track.json().speed as (number | null)[]).map((speed) => speed ?? 0)) * units.knotsPerMetrePerSecond;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('imports a Garmin G3X Touch data log: UTC times from the local time and its offset, and what the import found', async () => {
    const { status, json } = await importOverHttp(
      'log_20260327_152821_KOAK.csv',
      corpusFile('elvinzhou-g3xuploader/log_20260327_152821_KOAK.csv.gz'),
    );
    expect(status, JSON.stringify(json).slice(0, 300)).toBe(201);
    const trip = trackImportResultSchema.parse(json);
    expect(trip.begin_time).toBe('2026-03-27T22:28:21.000Z');
    expect(trip.times_estimated).toBe(false);
    expect(trip.track_import).toEqual({ format: 'csv', aircraft_type: null, notices: [] });
  });

  it("imports a G1000-family (Perspective+) data log and answers the airframe's type", async () => {
    const { status, json } = await importOverHttp(
      'log_220502_135932_EGPN.csv',
      corpusFile('roznet-flightlogstats/log_220502_135932_EGPN.csv.gz'),
    );
    expect(status, JSON.stringify(json).slice(0, 300)).toBe(201);
    expect(trackImportResultSchema.parse(json).track_import.aircraft_type).toBe('Cirrus SR22 Turbo');
  });

  it('recomputes an IGC ground speed field read at the wrong scale from the positions, says so, and stores no impossible speed', async () => {
    const { status, json } = await importOverHttp('olsztyn.igc', corpusFile('xiadz-igc-lib/olsztyn.igc.gz'));
    expect(status, JSON.stringify(json).slice(0, 300)).toBe(201);
    const trip = trackImportResultSchema.parse(json);
    expect(trip.track_import.notices).toEqual([trackImportNotices.speedRecomputed]);
    const fastest = await fastestKt(trip.trip_id);
    expect(fastest).toBeLessThanOrEqual(limits.trackMaxGroundSpeedKt);
    // A glider on a cross-country: well over 40 kt, well under 200.
    expect(fastest).toBeGreaterThan(40);
    expect(fastest).toBeLessThan(200);
  });

  describe('a track without times', () => {
    it('answers track_untimed saying what to give, and creates nothing', async () => {
      const before = (await trips.list('orgadmin@skyline.test')).total;
      const { status, json } = await importOverHttp('planned.gpx', untimedRoute(5));
      expect(status).toBe(400);
      expect(json).toMatchObject({
        code: 'track_untimed',
        message: untimedMessage,
        fields: { file: untimedMessage, takeoff_time: trackTimesMessages.takeoffNeeded },
      });
      expect((await trips.list('orgadmin@skyline.test')).total).toBe(before);
    });

    it('imports with a take-off and a landing time: points spread between them, the flight says its times are estimated', async () => {
      const { status, json } = await importOverHttp(
        'planned.gpx',
        untimedRoute(5),
        '&takeoff_time=2026-05-02T14:00:00Z&landing_time=2026-05-02T14:04:00%2B00:00',
      );
      expect(status, JSON.stringify(json)).toBe(201);
      const trip = trackImportResultSchema.parse(json);
      expect(trip).toMatchObject({
        begin_time: '2026-05-02T14:00:00.000Z',
        end_time: '2026-05-02T14:04:00.000Z',
        point_count: 5,
        times_estimated: true,
      });
      expect(trip.track_import.notices).toEqual([trackImportNotices.timesEstimated]);
      expect((await trips.get(leo, trip.trip_id)).times_estimated).toBe(true);
      const track = (await s.call(leo, 'GET', `/api/trips/${trip.trip_id}/track`)).json();
      expect(track.timestamp.map((time: number) => (time - Date.parse('2026-05-02T14:00:00Z')) / 1000)).toEqual([0, 60, 120, 180, 240]);
      // One constant speed, guessed: no take-off, landing or approach is judged from it, and the analysis says why.
      await t.ctx.jobs.drain();
      const analysis = tripAnalysisSchema.parse((await s.call(leo, 'GET', `/api/trips/${trip.trip_id}/analysis`)).json()).analysis!;
      expect(analysis.limitations).toContain(messages.analysisTimesEstimated);
      expect(analysis).toMatchObject({ phases: [], landings: [], stats: { landings: 0, go_arounds: 0 } });
    });

    it("imports into a flight with its audio, landing at the take-off plus the audio's length", async () => {
      const workDir = await mkdtemp(path.join(tmpdir(), 'skylog-track-import-'));
      try {
        const trip = await trips.create(leo, { trip_name: 'Planned route', begin_time: '2026-05-03T09:00:00Z' });
        const tone = await makeTone(t.ctx.audioTools.ffmpegPath!, workDir, 'cockpit.wav', 20);
        const { state } = await uploads.upload({ cookie: await s.as(leo) }, trip.trip_id, tone, 'cockpit.wav');
        expect(state.status).toBe('done');
        const durationMs = (await trips.get(leo, trip.trip_id)).audio.duration_ms!;

        const { status, json } = await importOverHttp(
          'planned.gpx',
          untimedRoute(4),
          `&trip_id=${trip.trip_id}&takeoff_time=2026-05-03T09:01:00Z&landing_from_audio=true`,
        );
        expect(status, JSON.stringify(json)).toBe(200);
        expect(json).toMatchObject({
          begin_time: '2026-05-03T09:01:00.000Z',
          end_time: new Date(Date.parse('2026-05-03T09:01:00Z') + durationMs).toISOString(),
          times_estimated: true,
        });
        // A timed track afterwards is the flight's own times again.
        const timed = `time,lat,lon\n${[0, 1, 2].map((second) => `2026-05-03T09:0${second}:00Z,37.46${second},-122.11`).join('\n')}\n`;
        const again = await importOverHttp('logger.csv', timed, `&trip_id=${trip.trip_id}`);
        expect(again.status, JSON.stringify(again.json)).toBe(200);
        expect(again.json.times_estimated).toBe(false);
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    });

    it.each([
      [
        'a landing before the take-off',
        '&takeoff_time=2026-05-02T14:00:00Z&landing_time=2026-05-02T13:00:00Z',
        { landing_time: trackTimesMessages.landingAfterTakeoff },
      ],
      ['a take-off without a landing', '&takeoff_time=2026-05-02T14:00:00Z', { landing_time: trackTimesMessages.landingNeeded }],
      ['a landing without a take-off', '&landing_time=2026-05-02T14:00:00Z', { takeoff_time: trackTimesMessages.takeoffNeeded }],
      [
        'both a landing time and the audio',
        '&takeoff_time=2026-05-02T14:00:00Z&landing_time=2026-05-02T15:00:00Z&landing_from_audio=true',
        { landing_time: trackTimesMessages.landingOrAudio },
      ],
      [
        'a take-off that is not a time',
        '&takeoff_time=yesterday&landing_time=2026-05-02T15:00:00Z',
        { takeoff_time: trackTimesMessages.takeoffTime },
      ],
      [
        "the audio's length without a flight",
        '&takeoff_time=2026-05-02T14:00:00Z&landing_from_audio=true',
        { landing_from_audio: messages.trackAudioLengthNeedsTrip },
      ],
    ])('refuses %s with 400 naming the field', async (_case, query, fields) => {
      const { status, json } = await importOverHttp('planned.gpx', untimedRoute(5), query);
      expect(status).toBe(400);
      expect(json.fields).toEqual(fields);
    });
  });

  it.each([
    [
      'two points',
      'time,lat,lon\n2026-05-04T10:00:00Z,37.46,-122.11\n2026-05-04T10:00:01Z,37.4601,-122.11\n',
      'A track needs at least 3 points with different times; this one has 2.',
    ],
    [
      'all times equal',
      'time,lat,lon\n2026-05-04T10:00:00Z,37.46,-122.11\n2026-05-04T10:00:00Z,37.4601,-122.11\n2026-05-04T10:00:00Z,37.4602,-122.11\n',
      "All 3 points have the same time (2026-05-04T10:00:00.000Z); a track's times must move on from point to point.",
    ],
    [
      'times running backwards',
      'time,lat,lon\n2026-05-04T10:00:00Z,37.46,-122.11\n2026-05-04T10:00:05Z,37.4601,-122.11\n2026-05-04T10:00:03Z,37.4602,-122.11\n',
      'Time goes backwards at point 3 (10:00:03 after 10:00:05 UTC).',
    ],
  ])('refuses a track with %s: 400 with the reason on the file', async (_case, csv, message) => {
    const { status, json } = await importOverHttp('bad.csv', csv);
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'validation_error', message, fields: { file: message } });
  });
});
