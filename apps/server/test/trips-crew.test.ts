import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { crewChoicesSchema, messages, type CrewChoices } from '@skylog/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTrips } from '../src/db/seed/seed-demo-trips.ts';
import type { FileStorage } from '../src/integrations/storage/file-storage.ts';
import { createSchool } from './factories.ts';
import { createTestApp, query, skylogIdOf, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { gpxOf, makeTone, straightTrack, tripsApi, uploadsApi } from './trips-helper.ts';

/**
 * A flight belongs to its crew. Upload, import and the recorder seat people by one rule
 * (access-rules.ts mayPutInSeat), the crew is edited later by those who may edit the flight, and a
 * flight is deleted with its files, even while its audio is being processed.
 */
describe('a flight’s crew: chosen at upload, edited later, deleted with its files', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  const uploads = uploadsApi(() => t);
  const id = new Map<string, string>();
  let day = 0;
  const points = () => straightTrack({ start: Date.parse('2026-08-01T16:00:00Z') + (day += 1) * 86_400_000, count: 20 });
  const choicesOf = async (email: string): Promise<CrewChoices> => {
    const response = await s.call(email, 'GET', '/api/trips/crew-choices');
    expect(response.statusCode, response.body).toBe(200);
    return crewChoicesSchema.parse(response.json());
  };
  const emailsOf = (choices: CrewChoices) => choices.people.map((person) => person.email).sort();
  const tripIdsOf = async (email: string) => (await trips.list(email, '?page_size=100')).items.map((trip) => trip.trip_id);

  beforeAll(async () => {
    t = await createTestApp();
    for (const email of [
      'instructor@skyline.test',
      'student@skyline.test',
      'ana.costa@skyline.test',
      'marcus.webb@skyline.test',
      'leo.nakamura@skyline.test',
      'priya.shah@skyline.test',
      'jonas.berg@skyline.test',
      'orgadmin@skyline.test',
      'pilot@harbor.test',
    ]) {
      id.set(email, await skylogIdOf(t, email));
    }
  });
  afterAll(async () => t.close());

  describe('whom each person may seat, and the crew a new flight starts with', () => {
    it('an instructor: themself and their linked students, in the right seat, naming the pilot', async () => {
      const iris = await choicesOf('instructor@skyline.test');
      expect(emailsOf(iris)).toEqual([
        'instructor@skyline.test',
        'leo.nakamura@skyline.test',
        'priya.shah@skyline.test',
        'student@skyline.test',
      ]);
      expect(iris).toMatchObject({ left_seat: null, right_seat: id.get('instructor@skyline.test'), is_left_seat_required: true });
    });

    it('an instructor with exactly one student has them preset in the left seat; one without students need not name a pilot', async () => {
      const school = await createSchool(t, s, 'Crew Choices Aero');
      const instructor = await school.addPerson('instructor');
      const student = await school.addPerson('student', { inviter: instructor.email });
      expect(await choicesOf(instructor.email)).toMatchObject({
        left_seat: student.id,
        right_seat: instructor.id,
        is_left_seat_required: true,
      });
      expect(await choicesOf(student.email)).toMatchObject({
        left_seat: student.id,
        right_seat: instructor.id,
        is_left_seat_required: false,
      });
      const loner = await school.addPerson('instructor');
      expect(await choicesOf(loner.email)).toMatchObject({
        people: [{ skylog_id: loner.id }],
        left_seat: null,
        is_left_seat_required: false,
      });
    });

    it('a student: themself in the left seat and their linked instructors; the right seat preset only when they have one', async () => {
      const stella = await choicesOf('student@skyline.test');
      expect(emailsOf(stella)).toEqual(['ana.costa@skyline.test', 'instructor@skyline.test', 'student@skyline.test']);
      expect(stella).toMatchObject({ left_seat: id.get('student@skyline.test'), right_seat: null, is_left_seat_required: false });
      expect(await choicesOf('leo.nakamura@skyline.test')).toMatchObject({
        left_seat: id.get('leo.nakamura@skyline.test'),
        right_seat: id.get('instructor@skyline.test'),
      });
    });

    it('admins: the pilots of their organization (sub-organization admins: of theirs), nothing preset; never another organization', async () => {
      const orgAdmin = await choicesOf('orgadmin@skyline.test');
      expect(emailsOf(orgAdmin)).toEqual(
        expect.arrayContaining(['orgadmin@skyline.test', 'jonas.berg@skyline.test', 'marcus.webb@skyline.test', 'student@skyline.test']),
      );
      expect(emailsOf(orgAdmin)).not.toContain('pilot@harbor.test');
      expect(emailsOf(orgAdmin)).not.toContain('secondary@skyline.test');
      expect(orgAdmin).toMatchObject({ left_seat: null, right_seat: null, is_left_seat_required: false });
      const north = emailsOf(await choicesOf('suborgadmin@skyline.test'));
      expect(north).toEqual(expect.arrayContaining(['instructor@skyline.test', 'student@skyline.test', 'leo.nakamura@skyline.test']));
      expect(north).not.toContain('jonas.berg@skyline.test');
      expect(north).not.toContain('marcus.webb@skyline.test');
    });

    it('the recorder asks with its access token', async () => {
      const created = await s.call('leo.nakamura@skyline.test', 'POST', '/api/access-tokens', { name: 'Crew recorder' });
      expect(created.statusCode, created.body).toBe(201);
      const response = await t.request({
        method: 'GET',
        url: '/api/trips/crew-choices',
        headers: { authorization: `Bearer ${created.json().token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ right_seat: id.get('instructor@skyline.test') });
    });
  });

  describe('sending and importing a flight', () => {
    it('an instructor sends a flight for a linked student: the student sees it in their list and may open it', async () => {
      const trip = await trips.create('instructor@skyline.test', {
        trip_name: 'Dual: crosswind landings',
        left_seat: id.get('leo.nakamura@skyline.test'),
        points: points(),
      });
      expect(trip).toMatchObject({ left_seat: { email: 'leo.nakamura@skyline.test' }, right_seat: { email: 'instructor@skyline.test' } });
      expect(await tripIdsOf('leo.nakamura@skyline.test')).toContain(trip.trip_id);
      expect((await trips.get('leo.nakamura@skyline.test', trip.trip_id)).can_delete).toBe(false);
      expect(await tripIdsOf('jonas.berg@skyline.test')).not.toContain(trip.trip_id);
    });

    it('refuses an unlinked student, another organization’s person or someone outside one’s reach with 400 naming the seat, storing nothing', async () => {
      const before = (await trips.list('orgadmin@skyline.test')).total;
      const cases: { email: string; body: Record<string, unknown>; field: string; message: string }[] = [
        {
          email: 'instructor@skyline.test',
          body: { left_seat: id.get('jonas.berg@skyline.test') },
          field: 'left_seat',
          message: messages.seatNotYourStudent,
        },
        {
          email: 'instructor@skyline.test',
          body: { right_seat: id.get('ana.costa@skyline.test') },
          field: 'right_seat',
          message: messages.seatNotYourStudent,
        },
        {
          email: 'instructor@skyline.test',
          body: { left_seat: id.get('pilot@harbor.test') },
          field: 'left_seat',
          message: messages.personNotInOrganization,
        },
        {
          email: 'leo.nakamura@skyline.test',
          body: { right_seat: id.get('ana.costa@skyline.test') },
          field: 'right_seat',
          message: messages.seatNotYourInstructor,
        },
        {
          email: 'leo.nakamura@skyline.test',
          body: { left_seat: id.get('priya.shah@skyline.test') },
          field: 'left_seat',
          message: messages.seatNotYourInstructor,
        },
        {
          email: 'suborgadmin@skyline.test',
          body: { left_seat: id.get('jonas.berg@skyline.test') },
          field: 'left_seat',
          message: messages.seatOutsideSubOrg,
        },
        {
          email: 'orgadmin@skyline.test',
          body: { right_seat: id.get('pilot@harbor.test') },
          field: 'right_seat',
          message: messages.personNotInOrganization,
        },
        {
          email: 'orgadmin@skyline.test',
          body: { left_seat: '00000000-0000-4000-8000-000000000000' },
          field: 'left_seat',
          message: messages.personNotInOrganization,
        },
      ];
      for (const { email, body, field, message } of cases) {
        const response = await s.call(email, 'POST', '/api/trips', { trip_name: 'Refused crew', points: points(), ...body });
        expect(response.statusCode, `${email} ${JSON.stringify(body)}`).toBe(400);
        expect(response.json()).toMatchObject({ code: 'validation_error', message, fields: { [field]: message } });
      }
      expect((await trips.list('orgadmin@skyline.test')).total).toBe(before);
    });

    it('an admin seats anyone of the organization', async () => {
      const trip = await trips.create('orgadmin@skyline.test', {
        trip_name: 'Ferry with a student',
        left_seat: id.get('jonas.berg@skyline.test'),
        right_seat: id.get('ana.costa@skyline.test'),
        points: points(),
      });
      expect(trip).toMatchObject({ left_seat: { email: 'jonas.berg@skyline.test' }, right_seat: { email: 'ana.costa@skyline.test' } });
    });

    it('an import takes the same crew and rule; an empty seat parameter leaves the seat empty', async () => {
      const imported = await trips.importFile(
        'instructor@skyline.test',
        'crew.gpx',
        gpxOf(points()),
        `&left_seat=${id.get('priya.shah@skyline.test')}`,
      );
      expect(imported.statusCode, imported.body).toBe(201);
      expect(imported.json()).toMatchObject({
        left_seat: { email: 'priya.shah@skyline.test' },
        right_seat: { email: 'instructor@skyline.test' },
      });
      expect(await tripIdsOf('priya.shah@skyline.test')).toContain(imported.json().trip_id);

      const refused = await trips.importFile(
        'instructor@skyline.test',
        'crew.gpx',
        gpxOf(points()),
        `&left_seat=${id.get('jonas.berg@skyline.test')}`,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ left_seat: messages.seatNotYourStudent });

      const solo = await trips.importFile('leo.nakamura@skyline.test', 'solo.gpx', gpxOf(points()), '&right_seat=');
      expect(solo.statusCode, solo.body).toBe(201);
      expect(solo.json()).toMatchObject({ left_seat: { email: 'leo.nakamura@skyline.test' }, right_seat: null });
      const notAnId = await trips.importFile('leo.nakamura@skyline.test', 'solo.gpx', gpxOf(points()), '&right_seat=leo');
      expect(notAnId.statusCode).toBe(400);
      expect(notAnId.json().fields).toEqual({ right_seat: 'Right seat must be a person of your organization' });
    });
  });

  describe('editing the name and crew afterwards', () => {
    it('an instructor renames the flight and changes the crew among their students; someone already aboard may stay', async () => {
      const trip = await trips.create('orgadmin@skyline.test', {
        trip_name: 'Stalls',
        left_seat: id.get('leo.nakamura@skyline.test'),
        right_seat: id.get('marcus.webb@skyline.test'),
        points: points(),
      });
      // The web sends every field of the form: Marcus stays although Iris could not seat him.
      const renamed = await s.call('instructor@skyline.test', 'PATCH', `/api/trips/${trip.trip_id}`, {
        trip_name: 'Stalls and spins awareness',
        left_seat: id.get('leo.nakamura@skyline.test'),
        right_seat: id.get('marcus.webb@skyline.test'),
        origin: 'kpao',
        destination: null,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({
        trip_name: 'Stalls and spins awareness',
        origin: 'KPAO',
        right_seat: { email: 'marcus.webb@skyline.test' },
      });

      const recrewed = await s.call('instructor@skyline.test', 'PATCH', `/api/trips/${trip.trip_id}`, {
        left_seat: id.get('priya.shah@skyline.test'),
        right_seat: id.get('instructor@skyline.test'),
      });
      expect(recrewed.statusCode, recrewed.body).toBe(200);
      expect(recrewed.json()).toMatchObject({
        left_seat: { email: 'priya.shah@skyline.test' },
        right_seat: { email: 'instructor@skyline.test' },
      });
      expect(await tripIdsOf('priya.shah@skyline.test')).toContain(trip.trip_id);
      expect(await tripIdsOf('leo.nakamura@skyline.test')).not.toContain(trip.trip_id);

      const refused = await s.call('instructor@skyline.test', 'PATCH', `/api/trips/${trip.trip_id}`, {
        right_seat: id.get('marcus.webb@skyline.test'),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ right_seat: messages.seatNotYourStudent });
    });

    it('refuses a crew change after which the editor could no longer open the flight, changing nothing', async () => {
      const trip = await trips.create('orgadmin@skyline.test', {
        trip_name: 'Night currency',
        left_seat: id.get('leo.nakamura@skyline.test'),
        right_seat: id.get('instructor@skyline.test'),
        points: points(),
      });
      // Leaving the right seat is fine: Leo, her student, still flew it.
      const leaves = await s.call('instructor@skyline.test', 'PATCH', `/api/trips/${trip.trip_id}`, { right_seat: null });
      expect(leaves.statusCode, leaves.body).toBe(200);
      const hides = await s.call('instructor@skyline.test', 'PATCH', `/api/trips/${trip.trip_id}`, { left_seat: null, trip_name: 'Gone' });
      expect(hides.statusCode).toBe(400);
      expect(hides.json()).toMatchObject({
        message: messages.crewChangeHidesTripFromInstructor,
        fields: { left_seat: messages.crewChangeHidesTripFromInstructor },
      });

      const student = await s.call('leo.nakamura@skyline.test', 'PATCH', `/api/trips/${trip.trip_id}`, { left_seat: null });
      expect(student.statusCode).toBe(400);
      expect(student.json().fields).toEqual({ left_seat: messages.crewChangeHidesTrip });
      expect(await trips.get('orgadmin@skyline.test', trip.trip_id)).toMatchObject({
        trip_name: 'Night currency',
        left_seat: { email: 'leo.nakamura@skyline.test' },
      });
      // An admin keeps every flight of the organization whatever the crew.
      expect((await s.call('orgadmin@skyline.test', 'PATCH', `/api/trips/${trip.trip_id}`, { left_seat: null })).statusCode).toBe(200);
    });
  });

  describe('deleting a flight', () => {
    const filesUnder = async (folder: string) =>
      (await readdir(path.join(t.ctx.config.storageDir, folder), { recursive: true, withFileTypes: true }).catch(() => [])).filter(
        (entry) => entry.isFile(),
      );

    it('only its owner (or an admin) may; the owner’s detail says so; the deletion is audited', async () => {
      const trip = await trips.create('instructor@skyline.test', {
        trip_name: 'To delete',
        left_seat: id.get('leo.nakamura@skyline.test'),
        points: points(),
      });
      expect(trip.can_delete).toBe(true);
      const refused = await s.call('leo.nakamura@skyline.test', 'DELETE', `/api/trips/${trip.trip_id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(messages.tripReadOnly);
      expect((await s.call('instructor@skyline.test', 'DELETE', `/api/trips/${trip.trip_id}`)).statusCode).toBe(204);
      expect((await s.call('leo.nakamura@skyline.test', 'GET', `/api/trips/${trip.trip_id}`)).statusCode).toBe(404);
      const audit = await query<{ status: string }>(
        t,
        sql`select status from audit_log where resource = ${`trips/${trip.trip_id}`} and action = 'trips.delete' order by status`,
      );
      expect(audit.map((row) => row.status)).toEqual(['denied', 'success']);
    });

    describe('while its audio is being processed', () => {
      let tone: Buffer;
      let wav: Buffer;
      let realStorage: FileStorage;

      beforeAll(async () => {
        const ffmpeg = t.ctx.audioTools.ffmpegPath;
        if (!ffmpeg) throw new Error('these tests need ffmpeg (system or @ffmpeg-installer/linux-x64)');
        const dir = path.join(t.dataDir, 'tones');
        await mkdir(dir, { recursive: true });
        tone = await makeTone(ffmpeg, dir, 'tone.opus', 20, ['-c:a', 'libopus']);
        wav = await makeTone(ffmpeg, dir, 'long.wav', 60);
        realStorage = t.ctx.storage;
      });

      /** Sends a whole recording; the last byte queues the job, which the worker starts at once. Answers the upload's URL. */
      async function sendAudio(email: string, tripId: string, bytes: Buffer, filename: string): Promise<string> {
        const auth = { cookie: await s.as(email) };
        const started = await uploads.start(auth, tripId, { filename, size_bytes: bytes.length });
        expect(started.statusCode, started.body).toBe(201);
        const url = started.headers.location as string;
        const sent = await uploads.patch(auth, url, 0, bytes);
        expect(sent.statusCode, sent.body).toBe(204);
        return url;
      }

      /** Nothing of the trip is left on disk, and its job ended once, without an error to retry. */
      async function expectCleanEnd(tripId: string, url: string) {
        const uploadId = url.split('/').at(-1)!;
        await t.ctx.jobs.drain();
        expect(await filesUnder(`trips/${tripId}`)).toEqual([]);
        expect(await t.ctx.storage.list(`incoming/${uploadId}/`)).toEqual([]);
        const jobs = await query<{ status: string; attempts: number; last_error: string | null }>(
          t,
          sql`select status, attempts, last_error from jobs where payload->>'uploadId' = ${uploadId}`,
        );
        expect(jobs).toEqual([{ status: 'done', attempts: 1, last_error: null }]);
        expect((await uploads.read({ cookie: await s.as('leo.nakamura@skyline.test') }, url)).statusCode).toBe(404);
        expect((await s.call('orgadmin@skyline.test', 'GET', `/api/trips/${tripId}`)).statusCode).toBe(404);
      }

      /** A storage whose first write for the trip deletes the trip (through the API) before or after writing. */
      function deleteTripOnStore(tripId: string, email: string, moment: 'before' | 'after') {
        let isDone = false;
        t.ctx.storage = {
          ...realStorage,
          async put(key, source) {
            if (isDone || !key.startsWith(`trips/${tripId}/`)) return realStorage.put(key, source);
            isDone = true;
            const remove = async () => expect((await s.call(email, 'DELETE', `/api/trips/${tripId}`)).statusCode).toBe(204);
            if (moment === 'before') await remove();
            const written = await realStorage.put(key, source);
            if (moment === 'after') await remove();
            return written;
          },
        };
      }

      it('deleted after the job stored the recording (and its web copy): both are removed and the job ends', async () => {
        const tripId = (await trips.create('leo.nakamura@skyline.test', { trip_name: 'Deleted after storing', points: points() })).trip_id;
        deleteTripOnStore(tripId, 'leo.nakamura@skyline.test', 'after');
        try {
          await expectCleanEnd(tripId, await sendAudio('leo.nakamura@skyline.test', tripId, wav, 'cockpit.wav'));
        } finally {
          t.ctx.storage = realStorage;
        }
      });

      it('deleted as the job starts storing: the recording it was reading is not kept either', async () => {
        const tripId = (await trips.create('leo.nakamura@skyline.test', { trip_name: 'Deleted before storing', points: points() })).trip_id;
        deleteTripOnStore(tripId, 'leo.nakamura@skyline.test', 'before');
        try {
          await expectCleanEnd(tripId, await sendAudio('leo.nakamura@skyline.test', tripId, tone, 'cockpit.opus'));
        } finally {
          t.ctx.storage = realStorage;
        }
      });

      it('deleted right after the last byte, whatever the job is doing then', async () => {
        const tripId = (await trips.create('leo.nakamura@skyline.test', { trip_name: 'Deleted while decoding', points: points() })).trip_id;
        const url = await sendAudio('leo.nakamura@skyline.test', tripId, wav, 'cockpit.wav');
        expect((await s.call('leo.nakamura@skyline.test', 'DELETE', `/api/trips/${tripId}`)).statusCode).toBe(204);
        await expectCleanEnd(tripId, url);
      });
    });
  });
});

describe('the demo school’s flights', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoTrips(t.ctx, t.ctx.db);
    t.ctx.jobs.wake();
  });
  afterAll(async () => {
    await t.ctx.jobs.drain();
    await t.close();
  });

  it('the demo student and instructor see their own: Stella Park flew the pattern work with Iris Calder', async () => {
    const names = async (email: string) => (await trips.list(email)).items.map((trip) => trip.trip_name).sort();
    expect(await names('student@skyline.test')).toEqual(['Pattern work at KPAO']);
    expect(await names('instructor@skyline.test')).toEqual(['Cross-country KPAO – KMRY – KPAO', 'Pattern work at KPAO']);
    expect(await names('orgadmin@skyline.test')).toHaveLength(3);
    const pattern = (await trips.list('student@skyline.test')).items[0]!;
    expect(pattern).toMatchObject({ left_seat: { email: 'student@skyline.test' }, right_seat: { email: 'instructor@skyline.test' } });
  });

  it('their transcripts open with the voices already named: Instructor, Student, ATC', async () => {
    for (const trip of (await trips.list('orgadmin@skyline.test')).items) {
      const response = await s.call('orgadmin@skyline.test', 'GET', `/api/trips/${trip.trip_id}/speakers`);
      expect(response.json(), trip.trip_name).toEqual({
        speakers: [
          { speaker: 0, label: 'Instructor' },
          { speaker: 1, label: 'Student' },
          { speaker: 2, label: 'ATC' },
        ],
      });
    }
  });
});
