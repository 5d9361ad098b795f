import { auditListSchema, messages, tripDetailSchema } from '@skylog/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, skylogIdOf, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { gpxOf, straightTrack, tripsApi, tusVersionHeaders, uploadMetadata, uploadsApi } from './trips-helper.ts';

const tripNotFound = { status: 404, code: 'not_found', message: 'Trip not found' };
const readOnly = { status: 403, code: 'forbidden', message: 'You can view this trip but not change it.' };
const debriefRefused = { status: 403, code: 'forbidden', message: 'Only instructors and admins write debrief notes.' };

/**
 * Who sees and changes which trip (tenancy): students their own and shared ones, instructors also
 * their linked students', admins their organization's, nobody another school's; sub-organization admins
 * none (they send new flights for their members).
 * Seed links: Iris Calder (instructor@) teaches Stella, Leo and Priya; Ana Costa Stella and Priya;
 * Marcus Webb Jonas and Emma. Leo and Priya are in North Field, Jonas in Lakeside.
 */
describe('trips: visibility and rights', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const api = tripsApi(() => t, s);
  let day = 0;
  const points = () => straightTrack({ start: Date.parse('2026-05-01T16:00:00Z') + (day += 1) * 86_400_000, count: 30 });
  const id = new Map<string, string>();
  let leoTrip: string;
  let jonasTrip: string;
  let harborTrip: string;
  let skylineId: string;
  let harborId: string;

  const canSee = async (email: string, tripId: string) => {
    const response = await s.call(email, 'GET', `/api/trips/${tripId}`);
    if (response.statusCode === 404) {
      expect(response.json()).toEqual(tripNotFound);
      return false;
    }
    expect(response.statusCode, `${email}: ${response.body}`).toBe(200);
    return true;
  };
  const denialsOf = async (email: string) => {
    const [row] = await query<{ count: number }>(
      t,
      sql`select count(*)::int as count from audit_log where status = 'denied' and user_id = ${await skylogIdOf(t, email)}`,
    );
    return row?.count ?? 0;
  };
  const listed = async (email: string) => new Set((await api.list(email, '?page_size=100')).items.map((trip) => trip.trip_id));

  beforeAll(async () => {
    t = await createTestApp();
    for (const email of [
      'leo.nakamura@skyline.test',
      'priya.shah@skyline.test',
      'jonas.berg@skyline.test',
      'pilot@harbor.test',
      'instructor@skyline.test',
    ]) {
      id.set(email, await skylogIdOf(t, email));
    }
    skylineId = (await s.call('orgadmin@skyline.test', 'GET', '/api/me')).json().org_id;
    harborId = (await s.call('admin@harbor.test', 'GET', '/api/me')).json().org_id;
    leoTrip = (await api.create('leo.nakamura@skyline.test', { trip_name: 'Leo solo', points: points() })).trip_id;
    jonasTrip = (await api.create('jonas.berg@skyline.test', { trip_name: 'Jonas lake', points: points() })).trip_id;
    harborTrip = (await api.create('pilot@harbor.test', { trip_name: 'Harbor hop', points: points() })).trip_id;
  });
  afterAll(async () => t.close());

  describe('students', () => {
    it('never see another student’s trip: not listed, every read is 404, and the denial is audited', async () => {
      expect(await listed('priya.shah@skyline.test')).not.toContain(leoTrip);
      expect(await canSee('priya.shah@skyline.test', leoTrip)).toBe(false);
      for (const url of [
        `/api/trips/${leoTrip}/track`,
        `/api/trips/${leoTrip}/export/gpx`,
        `/api/trips/${leoTrip}/manual-markers`,
        `/api/trips/${leoTrip}/audio/peaks`,
      ]) {
        const response = await s.call('priya.shah@skyline.test', 'GET', url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual(tripNotFound);
      }
      const audit = await s.call(
        'orgadmin@skyline.test',
        'GET',
        `/api/audit-log?action=trips.read&status=denied&user_id=${id.get('priya.shah@skyline.test')}`,
      );
      expect(audit.statusCode).toBe(200);
      // One denial per refused read (the trip, its track, its peaks), each naming the path asked for.
      const entries = auditListSchema.parse(audit.json()).items.filter((entry) => entry.resource === `trips/${leoTrip}`);
      expect(entries.map((entry) => entry.details.path).sort()).toEqual(
        [`/api/trips/${leoTrip}`, `/api/trips/${leoTrip}/audio/peaks`, `/api/trips/${leoTrip}/track`].sort(),
      );
      for (const entry of entries) expect(entry).toMatchObject({ userRole: 'student', status: 'denied', details: { reason: 'scope' } });
      const exportDenials = await s.call(
        'orgadmin@skyline.test',
        'GET',
        `/api/audit-log?action=trips.export&status=denied&user_id=${id.get('priya.shah@skyline.test')}`,
      );
      expect(exportDenials.json().items.map((entry: { resource: string }) => entry.resource)).toContain(`trips/${leoTrip}`);
    });

    it('see and change a trip they sit on, recorded by someone else', async () => {
      const trip = await api.create('ana.costa@skyline.test', {
        trip_name: 'Dual with Priya',
        left_seat: id.get('priya.shah@skyline.test'),
        points: points(),
      });
      expect(await listed('priya.shah@skyline.test')).toContain(trip.trip_id);
      const renamed = await s.call('priya.shah@skyline.test', 'PATCH', `/api/trips/${trip.trip_id}`, { trip_name: 'Dual: stalls' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ trip_name: 'Dual: stalls', can_edit: true, can_debrief: false });
    });

    it('do not write debrief notes, even on their own trip (403), but may edit its details', async () => {
      for (const notes of [{ trip_well: 'I did great' }, { trip_improve: 'Nothing' }]) {
        const response = await s.call('leo.nakamura@skyline.test', 'PATCH', `/api/trips/${leoTrip}`, notes);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(debriefRefused);
      }
      const renamed = await s.call('leo.nakamura@skyline.test', 'PATCH', `/api/trips/${leoTrip}`, {
        trip_name: 'Leo solo #1',
        origin: 'kpao',
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ trip_name: 'Leo solo #1', origin: 'KPAO', trip_well: null, is_debriefed: false });
    });
  });

  describe('sharing (PUT /api/trips/:id/shared-with)', () => {
    it('grants reading but not changing; replacing the list takes it back', async () => {
      const priya = id.get('priya.shah@skyline.test')!;
      const shared = await s.call('leo.nakamura@skyline.test', 'PUT', `/api/trips/${leoTrip}/shared-with`, { shared_with: [priya, priya] });
      expect(shared.statusCode, shared.body).toBe(200);
      expect(tripDetailSchema.parse(shared.json()).shared_with).toEqual([
        { skylog_id: priya, name: 'Priya Shah', email: 'priya.shah@skyline.test' },
      ]);

      expect(await listed('priya.shah@skyline.test')).toContain(leoTrip);
      const view = await api.get('priya.shah@skyline.test', leoTrip);
      expect(view).toMatchObject({ can_edit: false, can_debrief: false, can_share: false });
      expect((await s.call('priya.shah@skyline.test', 'GET', `/api/trips/${leoTrip}/export/csv`)).statusCode).toBe(200);

      const writes: [method: 'PATCH' | 'PUT' | 'POST' | 'DELETE', url: string, body?: object][] = [
        ['PATCH', `/api/trips/${leoTrip}`, { trip_name: 'Mine now' }],
        ['PUT', `/api/trips/${leoTrip}/shared-with`, { shared_with: [] }],
        ['POST', `/api/trips/${leoTrip}/manual-markers`, { markerID: 1, timestamp: Date.parse(view.begin_time!) }],
        ['DELETE', `/api/trips/${leoTrip}`],
      ];
      for (const [method, url, body] of writes) {
        const response = await s.call('priya.shah@skyline.test', method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json(), `${method} ${url}`).toEqual(readOnly);
      }
      const debrief = await s.call('priya.shah@skyline.test', 'PATCH', `/api/trips/${leoTrip}`, { trip_well: 'Nice' });
      expect(debrief.statusCode).toBe(403);
      expect((await api.get('leo.nakamura@skyline.test', leoTrip)).trip_name).toBe('Leo solo #1');

      const unshared = await s.call('leo.nakamura@skyline.test', 'PUT', `/api/trips/${leoTrip}/shared-with`, { shared_with: [] });
      expect(unshared.json().shared_with).toEqual([]);
      expect(await canSee('priya.shah@skyline.test', leoTrip)).toBe(false);
    });

    it('refuses sharing with someone of another organization (400) and keeps the list as it was', async () => {
      const response = await s.call('leo.nakamura@skyline.test', 'PUT', `/api/trips/${leoTrip}/shared-with`, {
        shared_with: [id.get('priya.shah@skyline.test'), id.get('pilot@harbor.test')],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', fields: { shared_with: 'Choose people of your organization.' } });
      expect((await api.get('leo.nakamura@skyline.test', leoTrip)).shared_with).toEqual([]);
      expect(await canSee('pilot@harbor.test', leoTrip)).toBe(false);
    });
  });

  describe('instructors', () => {
    it('see their linked students’ trips, add markers and write the debrief', async () => {
      expect(await listed('instructor@skyline.test')).toContain(leoTrip);
      const view = await api.get('instructor@skyline.test', leoTrip);
      expect(view).toMatchObject({ can_edit: true, can_debrief: true });
      const marker = await s.call('instructor@skyline.test', 'POST', `/api/trips/${leoTrip}/manual-markers`, {
        markerID: 2,
        timestamp: Date.parse(view.begin_time!) + 5000,
        notes: { text: 'Late flare' },
      });
      expect(marker.statusCode, marker.body).toBe(201);
      const debrief = await s.call('instructor@skyline.test', 'PATCH', `/api/trips/${leoTrip}`, {
        trip_well: ' Good radio calls ',
        trip_improve: 'Flare timing',
      });
      expect(debrief.statusCode, debrief.body).toBe(200);
      expect(debrief.json()).toMatchObject({
        trip_well: 'Good radio calls',
        trip_improve: 'Flare timing',
        is_debriefed: true,
        marker_count: 1,
      });
      // The student reads the debrief.
      expect(await api.get('leo.nakamura@skyline.test', leoTrip)).toMatchObject({ trip_well: 'Good radio calls', is_debriefed: true });
    });

    it('get 404 for the trips of students they do not teach', async () => {
      for (const email of ['ana.costa@skyline.test', 'marcus.webb@skyline.test']) {
        expect(await listed(email), email).not.toContain(leoTrip);
        expect(await canSee(email, leoTrip), email).toBe(false);
        const debrief = await s.call(email, 'PATCH', `/api/trips/${leoTrip}`, { trip_well: 'Sneaky' });
        expect(debrief.statusCode, email).toBe(404);
        const marker = await s.call(email, 'POST', `/api/trips/${leoTrip}/manual-markers`, {
          markerID: 1,
          timestamp: Date.parse('2026-05-02T16:00:00Z'),
        });
        expect(marker.statusCode, email).toBe(404);
      }
      expect(await canSee('marcus.webb@skyline.test', jonasTrip)).toBe(true);
      expect(await canSee('instructor@skyline.test', jonasTrip)).toBe(false);
    });
  });

  describe('admins', () => {
    it('the org admin and the secondary admin see every trip of the organization and none of another', async () => {
      for (const email of ['orgadmin@skyline.test', 'secondary@skyline.test']) {
        const trips = await listed(email);
        expect(trips, email).toContain(leoTrip);
        expect(trips, email).toContain(jonasTrip);
        expect(trips, email).not.toContain(harborTrip);
        expect(await canSee(email, jonasTrip), email).toBe(true);
        expect(await canSee(email, harborTrip), email).toBe(false);
        expect(await api.get(email, jonasTrip), email).toMatchObject({ can_edit: true, can_debrief: true, can_share: true });
      }
      const debrief = await s.call('secondary@skyline.test', 'PATCH', `/api/trips/${jonasTrip}`, {
        trip_improve: 'Check the water rudder',
      });
      expect(debrief.statusCode).toBe(200);
    });

    it('the super_admin sees the trips of the organization it is in, and of another after switching', async () => {
      expect(await canSee('superadmin@skyline.test', leoTrip)).toBe(true);
      expect(await canSee('superadmin@skyline.test', harborTrip)).toBe(false);
      const toHarbor = await s.call('superadmin@skyline.test', 'POST', '/api/me/org', { org_id: harborId });
      expect(toHarbor.statusCode).toBe(204);
      try {
        expect(await canSee('superadmin@skyline.test', harborTrip)).toBe(true);
        expect(await canSee('superadmin@skyline.test', leoTrip)).toBe(false);
        expect([...(await listed('superadmin@skyline.test'))]).toEqual([harborTrip]);
      } finally {
        expect((await s.call('superadmin@skyline.test', 'POST', '/api/me/org', { org_id: skylineId })).statusCode).toBe(204);
      }
      expect(await canSee('superadmin@skyline.test', leoTrip)).toBe(true);
    });

    it('sub-organization admins open no flight: every read or change of one is 403 and audited, whether or not it exists', async () => {
      const gpx = gpxOf(points());
      for (const email of ['suborgadmin@skyline.test', 'suborgsecondary@skyline.test']) {
        const cookie = await s.as(email);
        const before = await denialsOf(email);
        // Leo's flight is in their sub-organization, Jonas's in another, Harbor's in another school; the last id is made up.
        for (const trip of [leoTrip, jonasTrip, harborTrip, '00000000-0000-4000-8000-000000000000']) {
          const calls: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: unknown; headers?: Record<string, string> }[] = [
            { method: 'GET', url: `/api/trips/${trip}` },
            { method: 'GET', url: `/api/trips/${trip}/track` },
            { method: 'GET', url: `/api/trips/${trip}/transcript` },
            { method: 'GET', url: `/api/trips/${trip}/audio` },
            { method: 'GET', url: `/api/trips/${trip}/analysis` },
            { method: 'GET', url: `/api/trips/${trip}/manual-markers` },
            { method: 'PATCH', url: `/api/trips/${trip}`, payload: { origin: 'KPRB' } },
            { method: 'PUT', url: `/api/trips/${trip}/shared-with`, payload: { shared_with: [] } },
            { method: 'POST', url: `/api/trips/${trip}/manual-markers`, payload: { markerID: 1, timestamp: Date.parse('2026-05-02T16:00:10Z'), notes: { text: 'Mine now' } } },
            { method: 'POST', url: `/api/trips/${trip}/transcription` },
            { method: 'DELETE', url: `/api/trips/${trip}` },
            // Adding a recording or a track to an existing flight is changing it.
            {
              method: 'POST',
              url: `/api/trips/${trip}/audio/tus`,
              headers: { ...tusVersionHeaders, 'upload-length': '1000', 'upload-metadata': uploadMetadata({ filename: 'cockpit.m4a' }) },
            },
            { method: 'POST', url: `/api/trips/import?filename=track.gpx&trip_id=${trip}`, payload: gpx, headers: { 'content-type': 'application/gpx+xml' } },
          ];
          for (const call of calls) {
            const response = await t.request({
              method: call.method,
              url: call.url,
              cookie,
              ...(call.payload === undefined ? {} : { payload: call.payload as string }),
              ...(call.headers ? { headers: call.headers } : {}),
            });
            expect(response.statusCode, `${email} ${call.method} ${call.url}: ${response.body}`).toBe(403);
            expect(response.json().message).toBe(messages.permissionDenied);
          }
          expect((await s.call(email, 'GET', '/api/trips?page=0')).statusCode, email).toBe(403);
        }
        // Every refusal is in the audit log as a denial of theirs.
        expect((await denialsOf(email)) - before, email).toBeGreaterThanOrEqual(4 * 13 + 4);
      }
      // Nothing changed on Leo's flight.
      expect((await api.get('orgadmin@skyline.test', leoTrip)).origin).not.toBe('KPRB');
    });

    it('a sub-organization admin sends a new flight for a member and adds its recording, and gets no flight back to open', async () => {
      const email = 'suborgadmin@skyline.test';
      const leo = id.get('leo.nakamura@skyline.test')!;
      const created = await s.call(email, 'POST', '/api/trips', { trip_name: 'Sent by the sub-organization', points: points(), left_seat: leo });
      expect(created.statusCode, created.body).toBe(201);
      const trip = tripDetailSchema.parse(created.json());
      expect(trip).toMatchObject({ left_seat: { skylog_id: leo }, can_edit: false, can_share: false, can_delete: false, can_debrief: false });
      const uploads = uploadsApi(() => t);
      const started = await uploads.start({ cookie: await s.as(email) }, trip.trip_id, { filename: 'cockpit.m4a', size_bytes: 1000 });
      expect(started.statusCode, started.body).toBe(201);
      const url = started.headers.location as string;
      expect((await uploads.patch({ cookie: await s.as(email) }, url, 0, Buffer.alloc(100))).statusCode).toBe(204);
      expect((await uploads.head({ cookie: await s.as(email) }, url)).headers['upload-offset']).toBe('100');
      expect((await uploads.read({ cookie: await s.as(email) }, url)).statusCode).toBe(200);
      // The flight is Leo's to open, not theirs.
      expect((await s.call(email, 'GET', `/api/trips/${trip.trip_id}`)).statusCode).toBe(403);
      expect((await s.call(email, 'PATCH', `/api/trips/${trip.trip_id}`, { origin: 'KPRB' })).statusCode).toBe(403);
      expect(await canSee('leo.nakamura@skyline.test', trip.trip_id)).toBe(true);
      // A track file is a new flight too.
      const imported = await api.importFile(email, 'sent.gpx', gpxOf(points()), `&left_seat=${leo}`);
      expect(imported.statusCode, imported.body).toBe(201);
      // The flight must name its pilot: nobody the sub-organization admin sends it for could open it otherwise.
      const nobodys = await s.call(email, 'POST', '/api/trips', { trip_name: 'Nobody flew it', points: points() });
      expect(nobodys.statusCode).toBe(400);
      expect(nobodys.json().fields).toEqual({ left_seat: messages.leftSeatRequired });
      expect((await s.call(email, 'GET', '/api/trips/crew-choices')).json()).toMatchObject({ is_left_seat_required: true });
    });

    it('Harbor Aviation never sees a Skyline trip', async () => {
      for (const email of ['admin@harbor.test', 'pilot@harbor.test']) {
        expect([...(await listed(email))], email).toEqual([harborTrip]);
        for (const trip of [leoTrip, jonasTrip]) {
          expect(await canSee(email, trip), email).toBe(false);
          const rename = await s.call(email, 'PATCH', `/api/trips/${trip}`, { trip_name: 'Ours' });
          expect(rename.statusCode, email).toBe(404);
          const remove = await s.call(email, 'DELETE', `/api/trips/${trip}`);
          expect(remove.statusCode, email).toBe(404);
        }
      }
    });
  });

  describe('DELETE /api/trips/:id', () => {
    it('the owner deletes their trip; afterwards it is gone for everyone', async () => {
      const trip = await api.create('priya.shah@skyline.test', { trip_name: 'Mistake', points: points() });
      const response = await s.call('priya.shah@skyline.test', 'DELETE', `/api/trips/${trip.trip_id}`);
      expect(response.statusCode).toBe(204);
      expect(await canSee('priya.shah@skyline.test', trip.trip_id)).toBe(false);
      expect(await canSee('orgadmin@skyline.test', trip.trip_id)).toBe(false);
    });

    it('an admin deletes any trip in scope; the instructor and others may not', async () => {
      const trip = await api.create('leo.nakamura@skyline.test', { trip_name: 'To remove', points: points() });
      const denials: [string, number][] = [
        ['instructor@skyline.test', 403],
        ['priya.shah@skyline.test', 404],
        ['ana.costa@skyline.test', 404],
        ['admin@harbor.test', 404],
      ];
      for (const [email, status] of denials) {
        const response = await s.call(email, 'DELETE', `/api/trips/${trip.trip_id}`);
        expect(response.statusCode, email).toBe(status);
      }
      expect(await canSee('leo.nakamura@skyline.test', trip.trip_id)).toBe(true);
      const response = await s.call('secondary@skyline.test', 'DELETE', `/api/trips/${trip.trip_id}`);
      expect(response.statusCode).toBe(204);
      expect(await canSee('leo.nakamura@skyline.test', trip.trip_id)).toBe(false);

      const another = await api.create('leo.nakamura@skyline.test', { trip_name: 'Also to remove', points: points() });
      expect((await s.call('orgadmin@skyline.test', 'DELETE', `/api/trips/${another.trip_id}`)).statusCode).toBe(204);
      expect(await canSee('leo.nakamura@skyline.test', another.trip_id)).toBe(false);
    });
  });
});
