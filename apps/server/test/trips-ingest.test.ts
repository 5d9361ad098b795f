import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { csvOf, gpxOf, igcOf, kmlOf, nmPerDegreeLatitude, sendOverHttp, straightTrack, tripsApi } from './trips-helper.ts';

const megabyte = 1048576;

describe('trips: sending a flight as JSON, importing and exporting track files', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  let leoId: string;
  let anaId: string;
  /** One of Ana Costa's students (an instructor seats only their own). */
  let priyaId: string;
  let harborPilotId: string;
  let harborPlaneId: string;
  let skylinePlaneId: string;
  /** Each test flies on its own day, so no two trips share a begin time. */
  let day = 0;
  const nextStart = () => Date.parse('2026-03-01T15:00:00Z') + (day += 1) * 86_400_000;

  /** Trips of Skyline, counted by the org admin (who sees them all). */
  const skylineTripCount = async () => (await trips.list('orgadmin@skyline.test')).total;

  beforeAll(async () => {
    t = await createTestApp();
    leoId = await skylogIdOf(t, 'leo.nakamura@skyline.test');
    anaId = await skylogIdOf(t, 'ana.costa@skyline.test');
    priyaId = await skylogIdOf(t, 'priya.shah@skyline.test');
    harborPilotId = await skylogIdOf(t, 'pilot@harbor.test');
    const harborPlane = await s.call('admin@harbor.test', 'POST', '/api/aircraft', { tail_number: 'N99HB' });
    expect(harborPlane.statusCode, harborPlane.body).toBe(201);
    harborPlaneId = harborPlane.json().id;
    const fleet = await s.call('orgadmin@skyline.test', 'GET', '/api/aircraft?search=N172SP');
    skylinePlaneId = fleet.json().items[0].id;
  });
  afterAll(async () => t.close());

  describe('POST /api/trips (the recorder app)', () => {
    it('stores the track and markers and derives begin, end, duration, distance and point count', async () => {
      const start = nextStart();
      // 601 fixes a second apart, 0.001° north each: 0.6° of latitude.
      const points = straightTrack({ start, count: 601, latitudeStep: 0.001 });
      const markers = [
        {
          markerID: 3,
          timestamp: start + 60_000,
          coords: { latitude: 37.52, longitude: -122.11, altitude: 160 },
          notes: { text: ' Radio call late ' },
        },
        { markerID: 1, timestamp: start + 30_000, coords: { latitude: 37.49, longitude: -122.11 } },
      ];
      const trip = await trips.create('leo.nakamura@skyline.test', {
        trip_name: 'Pattern work',
        aircraft_id: skylinePlaneId,
        origin: 'kpao',
        destination: 'khwd',
        custom_marker: ' Checkride prep ',
        points,
        markers,
      });
      expect(trip).toMatchObject({
        trip_name: 'Pattern work',
        aircraft: { id: skylinePlaneId, tail_number: 'N172SP' },
        origin: 'KPAO',
        destination: 'KHWD',
        custom_marker: 'Checkride prep',
        begin_time: new Date(start).toISOString(),
        end_time: new Date(start + 600_000).toISOString(),
        duration_ms: 600_000,
        point_count: 601,
        marker_count: 2,
        audio_status: 'none',
        is_debriefed: false,
        owner: { skylog_id: leoId, email: 'leo.nakamura@skyline.test' },
        can_edit: true,
        can_debrief: false,
      });
      expect(trip.distance).toBeCloseTo(0.6 * nmPerDegreeLatitude, 1);
      // Markers come back in time order, notes trimmed, missing coordinate values as null.
      expect(trip.markers).toEqual([
        {
          markerID: 1,
          timestamp: start + 30_000,
          coords: { latitude: 37.49, longitude: -122.11, altitude: null, accuracy: null, heading: null, speed: null },
          notes: { text: '' },
        },
        {
          markerID: 3,
          timestamp: start + 60_000,
          coords: { latitude: 37.52, longitude: -122.11, altitude: 160, accuracy: null, heading: null, speed: null },
          notes: { text: 'Radio call late' },
        },
      ]);
      expect(trip.track_overview.length).toBeGreaterThanOrEqual(2);
      expect(trip.track_overview[0]).toEqual([37.46, -122.11]);

      const track = await s.call('leo.nakamura@skyline.test', 'GET', `/api/trips/${trip.trip_id}/track`);
      expect(track.statusCode).toBe(200);
      expect(track.json().timestamp).toHaveLength(601);
      expect(track.json().latitude.at(-1)).toBeCloseTo(38.06, 6);
    });

    it('accepts ISO 8601 times as well as epoch milliseconds', async () => {
      const start = nextStart();
      const points = straightTrack({ start, count: 3 }).map((point) => ({ ...point, timestamp: new Date(point.timestamp).toISOString() }));
      const trip = await trips.create('leo.nakamura@skyline.test', { trip_name: 'ISO times', points });
      expect(trip).toMatchObject({
        begin_time: new Date(start).toISOString(),
        end_time: new Date(start + 2000).toISOString(),
        point_count: 3,
      });
    });

    it('takes a three-hour flight at 1 Hz as the recorder sends it (10,800 fixes) and draws the map from at most 1500 points', async () => {
      const start = nextStart();
      // Real fixes carry full-precision values, not the round numbers of a made-up track.
      const points = straightTrack({ start, count: 10_800, latitudeStep: 0.000_123_457, longitudeStep: 0.000_098_765 }).map(
        (point, index) => ({
          ...point,
          altitude: 300 + Math.sin(index / 50) * 25.123_456,
          accuracy: 3.7 + (index % 7) * 0.123,
          heading: 38.659_112 + Math.sin(index / 90),
          speed: 51.444_444 + Math.cos(index / 70),
        }),
      );
      const response = await s.call('leo.nakamura@skyline.test', 'POST', '/api/trips', { trip_name: 'Cross-country', points });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
      const trip = response.json();
      expect(trip.point_count).toBe(10_800);
      expect(trip.duration_ms).toBe(10_799_000);
      expect(trip.track_overview.length).toBeGreaterThan(1);
      expect(trip.track_overview.length).toBeLessThanOrEqual(1500);
    });

    it('puts a student in the left seat and an instructor in the right seat unless told otherwise', async () => {
      const byStudent = await trips.create('leo.nakamura@skyline.test', {
        trip_name: 'Solo',
        points: straightTrack({ start: nextStart(), count: 5 }),
      });
      expect(byStudent.left_seat?.skylog_id).toBe(leoId);
      expect(byStudent.right_seat).toBeNull();

      const byInstructor = await trips.create('ana.costa@skyline.test', {
        trip_name: 'Checkride prep',
        points: straightTrack({ start: nextStart(), count: 5 }),
      });
      expect(byInstructor.left_seat).toBeNull();
      expect(byInstructor.right_seat?.skylog_id).toBe(anaId);

      const dual = await trips.create('ana.costa@skyline.test', {
        trip_name: 'Dual',
        left_seat: priyaId,
        points: straightTrack({ start: nextStart(), count: 5 }),
      });
      expect(dual.left_seat?.skylog_id).toBe(priyaId);
      expect(dual.right_seat?.skylog_id).toBe(anaId);

      const byAdmin = await trips.create('orgadmin@skyline.test', {
        trip_name: 'Ferry',
        points: straightTrack({ start: nextStart(), count: 5 }),
      });
      expect(byAdmin.left_seat).toBeNull();
      expect(byAdmin.right_seat).toBeNull();
    });

    it('refuses an aircraft or a seat of another organization with 400 naming the field, storing nothing', async () => {
      const before = await skylineTripCount();
      const points = straightTrack({ start: nextStart(), count: 5 });
      const cases = [
        { body: { aircraft_id: harborPlaneId }, field: 'aircraft_id', message: 'Choose an aircraft of your fleet.' },
        { body: { left_seat: harborPilotId }, field: 'left_seat', message: 'Choose people of your organization.' },
        { body: { right_seat: harborPilotId }, field: 'right_seat', message: 'Choose people of your organization.' },
      ];
      for (const { body, field, message } of cases) {
        const response = await s.call('ana.costa@skyline.test', 'POST', '/api/trips', { trip_name: 'Borrowed', points, ...body });
        expect(response.statusCode, field).toBe(400);
        expect(response.json()).toMatchObject({ status: 400, code: 'validation_error', fields: { [field]: message } });
      }
      // The other way round: Harbor cannot fly a Skyline aircraft.
      const harbor = await s.call('admin@harbor.test', 'POST', '/api/trips', {
        trip_name: 'Borrowed',
        points,
        aircraft_id: skylinePlaneId,
      });
      expect(harbor.statusCode).toBe(400);
      expect(harbor.json().fields).toEqual({ aircraft_id: 'Choose an aircraft of your fleet.' });
      expect(await skylineTripCount()).toBe(before);
      expect((await trips.list('admin@harbor.test')).total).toBe(0);
    });

    it('refuses bad input with 400 and a message per field, storing nothing', async () => {
      const before = await skylineTripCount();
      const start = nextStart();
      const points = straightTrack({ start, count: 5 });
      const backwards = [points[0], points[1], { ...points[2]!, timestamp: start + 500 }, points[3]];
      const cases: { name: string; body: Record<string, unknown>; fields: Record<string, string | RegExp> }[] = [
        {
          name: 'one point',
          body: { trip_name: 'x', points: points.slice(0, 1) },
          fields: { points: 'A track needs at least 3 points with different times; this one has 1.' },
        },
        {
          name: 'time going backwards',
          body: { trip_name: 'x', points: backwards },
          fields: { points: /^Time goes backwards at point 3 \(/ },
        },
        {
          name: 'latitude 95',
          body: { trip_name: 'x', points: [points[0], { ...points[1]!, latitude: 95 }] },
          fields: { 'points.1.latitude': 'Latitude must be between -90 and 90' },
        },
        {
          name: 'markerID 7',
          body: { trip_name: 'x', points, markers: [{ markerID: 7, timestamp: start, coords: { latitude: 37.5, longitude: -122.1 } }] },
          fields: { 'markers.0.markerID': 'markerID must be a rocker key 1 to 4' },
        },
        { name: 'an unknown field', body: { trip_name: 'x', points, pilot: 'Leo' }, fields: { pilot: 'Unknown field: pilot' } },
        { name: 'trip_name blank', body: { trip_name: '   ', points }, fields: { trip_name: 'Trip name is required' } },
      ];
      for (const { name, body, fields } of cases) {
        const response = await s.call('leo.nakamura@skyline.test', 'POST', '/api/trips', body);
        expect(response.statusCode, name).toBe(400);
        const answer = response.json();
        expect(answer, name).toMatchObject({ status: 400, code: 'validation_error' });
        for (const [field, message] of Object.entries(fields)) {
          if (message instanceof RegExp) expect(answer.fields?.[field], name).toMatch(message);
          else expect(answer.fields?.[field], name).toBe(message);
        }
      }
      expect(await skylineTripCount()).toBe(before);
    });

    it('refuses a trip without trip_name with 400 saying the trip name is required', async () => {
      const response = await s.call('leo.nakamura@skyline.test', 'POST', '/api/trips', {
        points: straightTrack({ start: nextStart(), count: 5 }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'validation_error', fields: { trip_name: 'Trip name is required' } });
    });

    it('refuses a person without an organization with 400 and says to ask for one', async () => {
      const email = 'trips.noorg@skyline.test';
      const id = await s.addPerson('orgadmin@skyline.test', { email, name: 'No Org', user_type: 'student' });
      const unassigned = await s.call('superadmin@skyline.test', 'POST', `/api/users/${id}/assignment`, { org_id: null });
      expect(unassigned.statusCode, unassigned.body).toBe(200);
      s.forget(email);
      const response = await s.call(email, 'POST', '/api/trips', {
        trip_name: 'Nowhere',
        points: straightTrack({ start: nextStart(), count: 5 }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        message: 'You need an organization to record trips. Ask your administrator to assign you one.',
      });
      expect((await trips.list(email)).total).toBe(0);
    });
  });

  describe('POST /api/trips/import (a track file as the raw body)', () => {
    it('imports GPX, KML, CSV and IGC files as new trips named after the file', async () => {
      const formats = [
        { filename: 'Morning pattern.gpx', text: gpxOf },
        { filename: 'night-xc.kml', text: kmlOf },
        { filename: 'logger_export.csv', text: csvOf },
        { filename: 'glider.igc', text: igcOf },
      ];
      for (const { filename, text } of formats) {
        const start = nextStart();
        const points = straightTrack({ start, count: 120, latitudeStep: 0.001 });
        const response = await trips.importFile('leo.nakamura@skyline.test', filename, text(points));
        expect(response.statusCode, `${filename}: ${response.body}`).toBe(201);
        expect(response.json(), filename).toMatchObject({
          trip_name: filename.replace(/\.[^.]+$/, ''),
          point_count: 120,
          begin_time: new Date(start).toISOString(),
          end_time: new Date(start + 119_000).toISOString(),
          left_seat: { skylog_id: leoId },
          markers: [],
        });
        expect(response.json().distance, filename).toBeCloseTo(0.119 * nmPerDegreeLatitude, 1);
      }
    });

    it('keeps only the base name of a file name with a path, names the trip after it, and refuses a name that is only a path', async () => {
      const points = () => straightTrack({ start: nextStart(), count: 30 });
      const traversal = await trips.importFile('leo.nakamura@skyline.test', '../../../etc/cron.d/evening\u0007 pattern.gpx', gpxOf(points()));
      expect(traversal.statusCode, traversal.body).toBe(201);
      expect(traversal.json().trip_name).toBe('evening pattern');
      const windows = await trips.importFile('leo.nakamura@skyline.test', 'C:\\Users\\pilot\\..hidden xc.gpx', gpxOf(points()));
      expect(windows.statusCode, windows.body).toBe(201);
      expect(windows.json().trip_name).toBe('hidden xc');

      const onlyPath = await trips.importFile('leo.nakamura@skyline.test', '../..', gpxOf(points()));
      expect(onlyPath.statusCode).toBe(400);
      expect(onlyPath.json().fields).toEqual({ filename: 'File name must name a file, not only dots, slashes or spaces' });
    });

    it('takes the trip name, aircraft and seats from the query when given', async () => {
      const start = nextStart();
      const response = await trips.importFile(
        'ana.costa@skyline.test',
        'export_2026.gpx',
        gpxOf(straightTrack({ start, count: 30 })),
        `&trip_name=${encodeURIComponent('Dual: slow flight')}&aircraft_id=${skylinePlaneId}&left_seat=${priyaId}`,
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        trip_name: 'Dual: slow flight',
        aircraft: { tail_number: 'N172SP' },
        left_seat: { skylog_id: priyaId },
        right_seat: { skylog_id: anaId },
        point_count: 30,
      });
      const foreign = await trips.importFile(
        'ana.costa@skyline.test',
        'x.gpx',
        gpxOf(straightTrack({ start, count: 30 })),
        `&left_seat=${harborPilotId}`,
      );
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().fields).toEqual({ left_seat: 'Choose people of your organization.' });
    });

    it('simplifies a long imported track to at most 1500 map points', async () => {
      const points = straightTrack({ start: nextStart(), count: 10_800, latitudeStep: 0.0001, longitudeStep: 0.0001 }).map(
        (point, index) => ({
          ...point,
          longitude: point.longitude + Math.sin(index / 200) * 0.01,
        }),
      );
      const response = await trips.importFile('leo.nakamura@skyline.test', 'long.gpx', gpxOf(points));
      expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
      expect(response.json().point_count).toBe(10_800);
      expect(response.json().track_overview.length).toBeGreaterThan(100);
      expect(response.json().track_overview.length).toBeLessThanOrEqual(1500);
    });

    it('with trip_id replaces the track of that trip and keeps its markers', async () => {
      const start = nextStart();
      const trip = await trips.create('leo.nakamura@skyline.test', {
        trip_name: 'Phone died',
        points: straightTrack({ start, count: 10 }),
        markers: [
          { markerID: 2, timestamp: start + 3000, coords: { latitude: 37.461, longitude: -122.11 }, notes: { text: 'Engine run-up' } },
        ],
      });
      const manual = await s.call('instructor@skyline.test', 'POST', `/api/trips/${trip.trip_id}/manual-markers`, {
        markerID: 4,
        timestamp: start + 5000,
        notes: { text: 'Good radio' },
      });
      expect(manual.statusCode, manual.body).toBe(201);

      const logger = straightTrack({ start: start - 60_000, count: 300, latitudeStep: 0.001 });
      const response = await trips.importFile('leo.nakamura@skyline.test', 'logger.gpx', gpxOf(logger), `&trip_id=${trip.trip_id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        trip_id: trip.trip_id,
        trip_name: 'Phone died',
        point_count: 300,
        begin_time: new Date(start - 60_000).toISOString(),
        end_time: new Date(start - 60_000 + 299_000).toISOString(),
        marker_count: 2,
      });
      expect(response.json().markers.map((marker: { notes: { text: string } }) => marker.notes.text)).toEqual([
        'Engine run-up',
        'Good radio',
      ]);
      expect((await trips.get('leo.nakamura@skyline.test', trip.trip_id)).point_count).toBe(300);
      // Someone who cannot see the trip cannot replace its track either.
      const stranger = await trips.importFile('priya.shah@skyline.test', 'logger.gpx', gpxOf(logger), `&trip_id=${trip.trip_id}`);
      expect(stranger.statusCode).toBe(404);
    });

    it('refuses a truncated GPX, a binary file, a one-point track and time going backwards with 400 on the file, creating nothing', async () => {
      const before = await skylineTripCount();
      const start = nextStart();
      const points = straightTrack({ start, count: 20 });
      const gpx = gpxOf(points);
      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
        Buffer.from('IHDR'),
        Buffer.alloc(200, 7),
      ]);
      const backwards = [...points.slice(0, 5), { ...points[5]!, timestamp: start - 10_000 }, ...points.slice(6)];
      const cases: { name: string; filename: string; body: string | Buffer; message: string | RegExp }[] = [
        {
          name: 'truncated GPX',
          filename: 'cut.gpx',
          body: gpx.slice(0, Math.floor(gpx.length / 2)),
          message: /^The GPX file is cut off or malformed/,
        },
        { name: 'PNG named .gpx', filename: 'photo.gpx', body: png, message: 'This file is not a GPX, KML, CSV or IGC track.' },
        {
          name: 'one point',
          filename: 'one.gpx',
          body: gpxOf(points.slice(0, 1)),
          message: 'A track needs at least 3 points with different times; this one has 1.',
        },
        { name: 'time going backwards', filename: 'back.csv', body: csvOf(backwards), message: /^Time goes backwards at point 6 \(/ },
      ];
      for (const { name, filename, body, message } of cases) {
        const response = await trips.importFile('leo.nakamura@skyline.test', filename, body);
        expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
        const answer = response.json();
        expect(answer.code, name).toBe('validation_error');
        if (message instanceof RegExp) expect(answer.fields?.file, name).toMatch(message);
        else expect(answer.fields?.file, name).toBe(message);
        expect(answer.message, name).toBe(answer.fields.file);
      }
      const empty = await trips.importFile('leo.nakamura@skyline.test', 'empty.gpx', Buffer.alloc(0));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toEqual({ file: 'Choose a track file (GPX, KML, CSV or IGC).' });
      expect(await skylineTripCount()).toBe(before);
    });

    it('refuses a file declared larger than the 50 MB limit with 413 naming the limit, before reading it', async () => {
      const before = await skylineTripCount();
      const response = await t.request({
        method: 'POST',
        url: '/api/trips/import?filename=huge.gpx',
        cookie: await s.as('leo.nakamura@skyline.test'),
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(50 * megabyte + 1) },
        payload: Buffer.from(gpxOf(straightTrack({ start: nextStart(), count: 3 }))),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ status: 413, code: 'body_too_large', message: 'The file is larger than the 50 MB limit.' });
      expect(await skylineTripCount()).toBe(before);
    });

    it('refuses a file streamed without Content-Length past the 50 MB limit with 413 naming the limit', async () => {
      const before = await skylineTripCount();
      const answer = await sendOverHttp(t, {
        method: 'POST',
        path: '/api/trips/import?filename=huge.gpx',
        headers: { cookie: await s.as('leo.nakamura@skyline.test'), 'content-type': 'application/octet-stream' },
        body: Array.from({ length: 51 }, () => Buffer.alloc(megabyte, 0x20)),
      });
      expect(answer.status).toBe(413);
      expect(await skylineTripCount()).toBe(before);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'body_too_large', message: 'The file is larger than the 50 MB limit.' });
    });

    it('only the import takes a raw file body: other trip routes refuse one with 415 instead of reading it', async () => {
      const created = await s.call('leo.nakamura@skyline.test', 'POST', '/api/trips', { trip_name: 'Raw body elsewhere' });
      const answer = await t.request({
        method: 'PATCH',
        url: `/api/trips/${created.json().trip_id}`,
        cookie: await s.as('leo.nakamura@skyline.test'),
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.alloc(2 * megabyte, 0x20),
      });
      expect(answer.statusCode).toBe(415);
      expect(answer.json()).toMatchObject({ code: 'unsupported_media_type', message: 'This content type is not supported.' });
    });
  });

  describe('GET /api/trips/:id/export/:format', () => {
    it('downloads GPX, KML and CSV as attachments that import again to the same track', async () => {
      const start = nextStart();
      const trip = await trips.create('leo.nakamura@skyline.test', {
        trip_name: 'Touch & go: KPAO/KSQL',
        points: straightTrack({ start, count: 250, latitudeStep: 0.0007 }),
        markers: [
          { markerID: 1, timestamp: start + 10_000, coords: { latitude: 37.467, longitude: -122.11 }, notes: { text: 'Flaps <late>' } },
        ],
      });
      const formats = [
        { format: 'gpx', type: 'application/gpx+xml; charset=utf-8' },
        { format: 'kml', type: 'application/vnd.google-earth.kml+xml; charset=utf-8' },
        { format: 'csv', type: 'text/csv; charset=utf-8' },
      ];
      for (const { format, type } of formats) {
        const response = await s.call('instructor@skyline.test', 'GET', `/api/trips/${trip.trip_id}/export/${format}`);
        expect(response.statusCode, format).toBe(200);
        expect(response.headers['content-type']).toBe(type);
        expect(response.headers['content-disposition']).toBe(`attachment; filename="Touch-go-KPAO-KSQL.${format}"`);
        const again = await trips.importFile('leo.nakamura@skyline.test', `again.${format}`, response.rawPayload);
        expect(again.statusCode, `${format}: ${again.body.slice(0, 200)}`).toBe(201);
        expect(again.json(), format).toMatchObject({ point_count: 250, begin_time: trip.begin_time, end_time: trip.end_time });
        expect(again.json().distance, format).toBeCloseTo(trip.distance!, 1);
      }
      const gpx = (await s.call('leo.nakamura@skyline.test', 'GET', `/api/trips/${trip.trip_id}/export/gpx`)).body;
      expect(gpx).toContain('<name>Flaps &lt;late&gt;</name>');
    });

    it('answers 404 to someone who cannot see the trip and 400 for an unknown format', async () => {
      const trip = await trips.create('leo.nakamura@skyline.test', {
        trip_name: 'Private',
        points: straightTrack({ start: nextStart(), count: 5 }),
      });
      for (const email of ['priya.shah@skyline.test', 'admin@harbor.test']) {
        const response = await s.call(email, 'GET', `/api/trips/${trip.trip_id}/export/gpx`);
        expect(response.statusCode, email).toBe(404);
        expect(response.json().message).toBe('Trip not found');
      }
      const igc = await s.call('leo.nakamura@skyline.test', 'GET', `/api/trips/${trip.trip_id}/export/igc`);
      expect(igc.statusCode).toBe(400);
      expect(igc.json().fields).toEqual({ format: 'Export as gpx, kml or csv' });
    });
  });

  describe('public configuration and the API description', () => {
    it('GET /api/client-config answers without a session: no map tiles configured, the upload limits, and the offline providers', async () => {
      const response = await t.request({ method: 'GET', url: '/api/client-config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        map_tile_url: null,
        map_attribution: null,
        audio_upload_max_bytes: 2048 * megabyte,
        track_file_max_bytes: 50 * megabyte,
        billing_enabled: false,
        transcription_provider: 'none',
        ai_notes_provider: 'rules',
        // No sign-in provider configured: the login screen shows none.
        sign_in_providers: [],
      });
    });

    it('GET /api/openapi.json lists the trip, marker, audio-upload (tus) and access-token paths', async () => {
      const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
      const expected: Record<string, string[]> = {
        '/api/trips': ['get', 'post'],
        '/api/trips/import': ['post'],
        '/api/trips/{id}': ['get', 'patch', 'delete'],
        '/api/trips/{id}/shared-with': ['put'],
        '/api/trips/{id}/track': ['get'],
        '/api/trips/{id}/export/{format}': ['get'],
        '/api/trips/{id}/audio': ['get'],
        '/api/trips/{id}/audio/peaks': ['get'],
        '/api/trips/{id}/manual-markers': ['get', 'post'],
        '/api/manual-markers/{id}': ['patch'],
        '/api/trips/{id}/audio/tus': ['options', 'post'],
        '/api/trips/{id}/audio/tus/{uploadId}': ['head', 'get', 'patch', 'delete'],
        '/api/access-tokens': ['get', 'post'],
        '/api/access-tokens/{id}': ['delete'],
        '/api/client-config': ['get'],
      };
      for (const [path, methods] of Object.entries(expected)) {
        expect(document.paths, path).toHaveProperty([path]);
        for (const method of methods) expect(document.paths[path], `${method} ${path}`).toHaveProperty(method);
      }
      expect(document.components.securitySchemes.accessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    });
  });
});
