import { messages, tripDebriefSentSchema } from '@skylog/contracts';
import { and, eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { createSchool, type School } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { readPdf } from './support/pdf.ts';
import { straightTrack, tripsApi } from './trips-helper.ts';

/**
 * The one-page PDF debrief: made on the server with PDFKit, read back with pdf.js as a person
 * would read it; "Send debrief" e-mails it to the flight's students and is audited.
 */
describe('PDF debrief', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  let school: School;
  let tripId = '';
  let soloId = '';
  const people = { student: { email: '', id: '' }, instructor: { email: '', id: '' }, classmate: { email: '', id: '' } };
  const studentName = 'Zoë Łukasiewicz';

  async function pdfOf(viewer: string, id: string, query = '?timezone=Europe/Berlin') {
    const response = await s.call(viewer, 'GET', `/api/trips/${id}/debrief.pdf${query}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return { disposition: String(response.headers['content-disposition']), ...(await readPdf(response.rawPayload)) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Debrief Flight School');
    const email = `zoe.${Date.now()}@debrief.test`;
    people.student = { email, id: await s.addPerson(school.owner, { email, name: studentName, user_type: 'student' }) };
    people.instructor = await school.addPerson('instructor');
    people.classmate = await school.addPerson('student');
    const start = Date.parse('2026-03-02T10:00:00Z');
    const trip = await trips.create(school.owner, {
      trip_name: 'Circuits at KPAO',
      origin: 'KPAO',
      destination: 'KPAO',
      left_seat: people.student.id,
      right_seat: people.instructor.id,
      points: straightTrack({ start, count: 601, stepMs: 6000 }),
      markers: [{ markerID: 4, timestamp: start + 60_000, coords: { latitude: 37.47, longitude: -122.11, altitude: 300 } }],
    });
    tripId = trip.trip_id;
    const notes = await s.call(people.instructor.email, 'PATCH', `/api/trips/${tripId}`, { trip_well: 'Good radio calls on downwind.', trip_improve: 'Rudder on the break.' });
    expect(notes.statusCode, notes.body).toBe(200);
    soloId = (await trips.create(school.owner, { trip_name: 'Ferry flight', left_seat: people.instructor.id, points: straightTrack({ start, count: 10 }) })).trip_id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('is one page with the trip, its date in the chosen zone, the crew, the notes and the instructor', async () => {
    const pdf = await pdfOf(people.student.email, tripId);
    expect(pdf.disposition).toBe('attachment; filename="debrief-Circuits-at-KPAO.pdf"');
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe('Debrief: Circuits at KPAO');
    for (const text of ['Circuits at KPAO', '02 Mar 2026, 11:00 CET', 'KPAO → KPAO', `Left seat: ${studentName}`, 'Good radio calls on downwind.', 'Rudder on the break.', 'Instructor: instructor'])
      expect(pdf.text).toContain(text);
    expect(pdf.text).toContain('TRACK');
    expect(pdf.text).toContain('ALTITUDE (FT)');
    expect((await pdfOf(people.student.email, tripId, '?timezone=UTC')).text).toContain('02 Mar 2026, 10:00 UTC');
  });

  it('stays on one page whatever the length of the notes', async () => {
    const long = await s.call(people.instructor.email, 'PATCH', `/api/trips/${tripId}`, { trip_improve: 'Keep the ball centred on the climb-out. '.repeat(100) });
    expect(long.statusCode).toBe(200);
    expect((await pdfOf(school.owner, tripId)).pages).toBe(1);
    await s.call(people.instructor.email, 'PATCH', `/api/trips/${tripId}`, { trip_improve: 'Rudder on the break.' });
  });

  it('is refused to those who may not read the flight, with 404', async () => {
    expect((await s.call(people.classmate.email, 'GET', `/api/trips/${tripId}/debrief.pdf`)).statusCode).toBe(404);
    const other = await createSchool(t, s, 'Other Debrief School');
    expect((await s.call(other.owner, 'GET', `/api/trips/${tripId}/debrief.pdf`)).statusCode).toBe(404);
    const zone = await s.call(people.student.email, 'GET', `/api/trips/${tripId}/debrief.pdf?timezone=Nowhere/Else`);
    expect(zone.statusCode).toBe(400);
  });

  it('"Send debrief" e-mails the PDF to the student and records who sent it to whom', async () => {
    const response = await s.call(people.instructor.email, 'POST', `/api/trips/${tripId}/debrief/send?timezone=Europe/Berlin`);
    expect(response.statusCode, response.body).toBe(200);
    expect(tripDebriefSentSchema.parse(response.json()).sent_to).toEqual([{ skylog_id: people.student.id, name: studentName, email: people.student.email }]);

    const mail = (await t.outbox()).filter((entry) => entry.to === people.student.email).at(-1)!;
    expect(mail.subject).toBe('Your debrief: Circuits at KPAO');
    expect(mail.text).toContain(`/dashboard/flights/${tripId}`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({ filename: 'debrief-Circuits-at-KPAO.pdf', contentType: 'application/pdf' });
    const attached = await readPdf(await readFile(path.join(t.dataDir, 'outbox', mail.attachments![0]!.file)));
    expect(attached.text).toContain('Good radio calls on downwind.');

    const instructorId = people.instructor.id;
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trips.send-debrief'), eq(auditLog.resource, `trips/${tripId}`)));
    expect(entry).toMatchObject({ userId: instructorId, status: 'success', details: { to: [people.student.email] } });
  });

  it('refuses a student sending, and a flight without a student aboard', async () => {
    const byStudent = await s.call(people.student.email, 'POST', `/api/trips/${tripId}/debrief/send`);
    expect(byStudent.statusCode).toBe(403);
    const solo = await s.call(school.owner, 'POST', `/api/trips/${soloId}/debrief/send`);
    expect(solo.statusCode).toBe(400);
    expect(solo.json().message).toBe(messages.debriefNoStudent);
  });
});
