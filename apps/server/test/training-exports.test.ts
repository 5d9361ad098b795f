import {
  courseSchema,
  enrollmentSchema,
  handoffBriefSchema,
  handoffCurrencyStatuses,
  lessonRecordSchema,
  logbookSummarySchema,
  type CourseContent,
  type HandoffBrief,
  type TeachableMoment,
} from '@skylog/contracts';
import { addDays } from '@skylog/logbook';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTraining } from '../src/db/seed/seed-demo-training.ts';
import { trainingRecordsCsvColumns } from '../src/modules/courses/training-records.service.ts';
import { createSchool, type School } from './factories.ts';
import { steepTurnsAndLandings } from './support/course-lessons.ts';
import { createTestApp, query, skylogIdOf, type TestApp } from './helper.ts';
import { personPassword, sessions } from './people-helper.ts';
import { csvRecords, parseCsv } from './support/csv.ts';
import { readPdf } from './support/pdf.ts';
import { csvOf, straightTrack, tripsApi } from './trips-helper.ts';

/**
 * What an instructor taking a student over reads, and the Part 141 record a school files (docs/product.md "Lessons
 * and grading", 14 CFR 141.101), through the API: the hand-off brief's content and who may read it, the records as
 * CSV and PDF down to the graduation, and the demo school's student on the Part 141 course.
 */

const certificate = { certificate_number: '3456789CFI', certificate_expires: '2099-12-31' };
const checkCertificate = { certificate_number: '1122334CFI', certificate_expires: '2099-12-31' };
const today = new Date().toISOString().slice(0, 10);

/** A course of the school's own: one lesson flown to the standard, then the stage check that ends the course. */
const content: CourseContent = {
  planned_weeks: 8,
  stages: [
    {
      key: 's1',
      title: 'Stage 1: Air work',
      objective: '',
      lessons: [
        steepTurnsAndLandings,
        {
          key: 'c1',
          title: 'Stage 1 check',
          kind: 'flight',
          planned_hours: 1,
          stage_check: true,
          objective: '',
          items: [{ key: 'c1-steep', task_code: 'PA.V.A', title: 'Steep Turns', kind: 'flight', required_grade: '3', required: true }],
        },
      ],
    },
  ],
};

const moment = (id: string, category: TeachableMoment['category'], tone: TeachableMoment['tone']): TeachableMoment => ({
  id,
  time: 0,
  end_time: null,
  kind: tone === 'improve' ? 'hard_landing' : 'smooth_landing',
  category,
  tone,
  title: `${category} ${tone}`,
  explanation: '',
  evidence: [],
  readback: null,
});

describe('the hand-off brief and the Part 141 records', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  let school: School;
  let otherSchool: School;
  const who = {
    instructor: { email: '', id: '' },
    checkInstructor: { email: '', id: '' },
    student: { email: '', id: '' },
    classmate: { email: '', id: '' },
  };
  let enrollmentId = '';
  const flights: { id: string; day: string }[] = [];
  let passengerDay = '';

  async function importFlight(daysAgo: number) {
    const start = Date.parse(`${addDays(today, -daysAgo)}T15:00:00Z`);
    const csv = csvOf(straightTrack({ start, count: 600 }));
    const imported = await trips.importFile(school.owner, 'lesson.csv', csv, `&left_seat=${who.student.id}&right_seat=${who.instructor.id}`);
    expect(imported.statusCode, imported.body).toBe(201);
    await t.ctx.jobs.drain();
    return { id: imported.json().trip_id as string, day: addDays(today, -daysAgo) };
  }

  /** Begins, grades and signs a lesson; answers the signed record. */
  async function giveLesson(
    email: string,
    start: Record<string, unknown>,
    grades: { item_key: string; grade: string; remark?: string }[],
    signing: Record<string, unknown> = { password: personPassword, ...certificate },
  ) {
    const begun = await s.call(email, 'POST', `/api/enrollments/${enrollmentId}/lessons`, start);
    expect(begun.statusCode, begun.body).toBe(201);
    const { id } = lessonRecordSchema.parse(begun.json());
    const graded = await s.call(email, 'PUT', `/api/lesson-records/${id}/grades`, { grades });
    expect(graded.statusCode, graded.body).toBe(200);
    const signed = await s.call(email, 'POST', `/api/lesson-records/${id}/complete`, signing);
    expect(signed.statusCode, signed.body).toBe(200);
    return lessonRecordSchema.parse(signed.json());
  }

  async function brief(email: string): Promise<HandoffBrief> {
    const response = await s.call(email, 'GET', `/api/users/${who.student.id}/handoff`);
    expect(response.statusCode, response.body).toBe(200);
    return handoffBriefSchema.parse(response.json());
  }

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Handoff Flight School');
    otherSchool = await createSchool(t, s, 'Faraway Aero');
    who.instructor = await school.addPerson('instructor');
    who.checkInstructor = await school.addPerson('instructor');
    who.student = await school.addPerson('student');
    who.classmate = await school.addPerson('student');
    const linked = await s.call(school.owner, 'POST', '/api/student-instructor', [
      { instructor: who.instructor.id, student: who.student.id },
      { instructor: who.checkInstructor.id, student: who.classmate.id },
    ]);
    expect(linked.statusCode, linked.body).toBe(204);

    // Two analysed flights of the student: a landing to work on on both, the radio on one, good handling on both.
    flights.push(await importFlight(10), await importFlight(3));
    const momentsOf = [
      [moment('a1', 'landing', 'improve'), moment('a2', 'communication', 'improve'), moment('a3', 'handling', 'well')],
      [moment('b1', 'landing', 'improve'), moment('b2', 'landing', 'improve'), moment('b3', 'handling', 'well')],
    ];
    for (const [index, flight] of flights.entries())
      await query(
        t,
        sql`update trips set flight_analysis = jsonb_set(coalesce(flight_analysis, '{}'::jsonb), '{moments}', ${JSON.stringify(momentsOf[index])}::jsonb) where id = ${flight.id}`,
      );

    // Three take-offs and full-stop landings by day, typed by the student: passengers by day (14 CFR 61.57(a)).
    passengerDay = addDays(today, -5);
    const typed = await s.call(who.student.email, 'POST', `/api/users/${who.student.id}/logbook`, {
      date: passengerDay,
      category_class: 'airplane single-engine land',
      total_hours: 1,
      pic_hours: 1,
      solo_hours: 1,
      day_takeoffs: 3,
      day_full_stop_landings: 3,
      landings: 3,
    });
    expect(typed.statusCode, typed.body).toBe(201);
    const endorsed = await s.call(who.instructor.email, 'POST', `/api/users/${who.student.id}/endorsements`, {
      kind: 'solo',
      aircraft_make_model: 'Cessna 172S',
      password: personPassword,
      ...certificate,
    });
    expect(endorsed.statusCode, endorsed.body).toBe(201);

    const created = await s.call(school.owner, 'POST', '/api/courses', { name: 'Private Pilot (Part 141)', part: '141', scale: 'numeric-4', content });
    expect(created.statusCode, created.body).toBe(201);
    const courseId = courseSchema.parse(created.json()).id;
    const named = await s.call(school.owner, 'PUT', `/api/courses/${courseId}/check-instructors`, { skylog_ids: [who.checkInstructor.id] });
    expect(named.statusCode, named.body).toBe(200);
    const enrolled = await s.call(who.instructor.email, 'POST', `/api/users/${who.student.id}/enrollments`, { course_id: courseId, enrolled_on: addDays(today, -20) });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    enrollmentId = enrollmentSchema.parse(enrolled.json()).id;

    // Steep turns short twice, the landing short once, then both to the standard on the fourth lesson.
    await giveLesson(who.instructor.email, { lesson_key: 'l1', trip_id: flights[0]!.id }, [
      { item_key: 'l1-steep', grade: '1', remark: 'Lost 200 ft, rolled out 30° late' },
      { item_key: 'l1-landing', grade: '3' },
      { item_key: 'l1-brief', grade: '3' },
    ]);
    await giveLesson(
      who.instructor.email,
      { lesson_key: 'l1', trip_id: flights[1]!.id },
      [
        { item_key: 'l1-steep', grade: '2' },
        { item_key: 'l1-landing', grade: '2', remark: 'Flared high, floated past the markers' },
      ],
      { password: personPassword, ...certificate, remarks: 'Better, not there yet' },
    );
  });
  afterAll(async () => t.close());

  it('briefs the next instructor: the course and stage, the last lessons with grades and remarks, rework, recurring moments, currency and endorsements', async () => {
    const handoff = await brief(who.instructor.email);
    expect(handoff.student).toEqual({ skylog_id: who.student.id, name: expect.stringMatching(/^student \d+ of Handoff Flight School$/) });
    expect(handoff.enrollment).toMatchObject({ id: enrollmentId, course: { name: 'Private Pilot (Part 141)', part: '141' }, stage: { title: 'Stage 1: Air work' }, lessons_done: 0, lessons_total: 2 });
    expect(handoff.recent_lessons.map((lesson) => [lesson.date, lesson.status, lesson.remarks])).toEqual([
      [flights[1]!.day, 'incomplete', 'Better, not there yet'],
      [flights[0]!.day, 'incomplete', null],
    ]);
    expect(handoff.recent_lessons[0]).toMatchObject({ title: 'Steep turns and landings', instructor: { skylog_id: who.instructor.id } });
    expect(handoff.recent_lessons[1]!.grades).toEqual([
      { title: 'Steep Turns', task_code: 'PA.V.A', grade: '1' },
      { title: 'Normal Approach and Landing', task_code: 'PA.IV.B', grade: '3' },
      { title: 'Preflight briefing', task_code: null, grade: '3' },
    ]);
    // Both still short: steep turns at its latest grade, the landing from the second lesson.
    expect(handoff.rework.map((item) => [item.task_code, item.grade, item.from_lesson.date])).toEqual([
      ['PA.V.A', '2', flights[0]!.day],
      ['PA.IV.B', '2', flights[1]!.day],
    ]);
    // Landings to work on on both flights; the radio on one only, and good handling is not something to watch for.
    expect(handoff.recurring_moments).toEqual([{ category: 'landing', label: 'Landing', flights: 2, last_seen: flights[1]!.day }]);

    // Currency is the logbook's own, each rule cited.
    const summary = logbookSummarySchema.parse((await s.call(who.instructor.email, 'GET', `/api/users/${who.student.id}/logbook/summary`)).json());
    const day = handoff.currency.find((line) => line.regulation === '14 CFR 61.57(a)')!;
    expect(day).toEqual({ label: 'Passengers, day', regulation: '14 CFR 61.57(a)', status: handoffCurrencyStatuses.current, until: addDays(passengerDay, 90) });
    expect(summary.currency.find((line) => line.rule === '61.57(a)')?.current_through).toBe(day.until);
    expect(handoff.currency.find((line) => line.regulation === '14 CFR 61.57(b)')).toMatchObject({ status: handoffCurrencyStatuses.lapsed, until: null });
    expect(handoff.endorsements).toEqual([{ title: 'Solo flight (first 90 days)', regulation: '14 CFR 61.87(n)', given_on: today, expires_on: addDays(today, 90) }]);
  });

  it('prints the brief on one page with the student’s name and what to rework', async () => {
    const response = await s.call(who.checkInstructor.email, 'GET', `/api/users/${who.student.id}/handoff.pdf?timezone=America/Los_Angeles`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="handoff-student-\d+-of-Handoff-Flight-School\.pdf"$/);
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toMatch(/^Hand-off brief: student \d+ of Handoff Flight School$/);
    expect(pdf.text).toContain('Stage 1: Air work');
    expect(pdf.text).toMatch(/Rework .*Steep Turns PA\.V\.A 2 Steep turns and landings .*Normal Approach and Landing PA\.IV\.B 2/);
    expect(pdf.text).toMatch(/Recurring on the last 10 analysed flights .*Landing 2/);
    expect(pdf.text).toContain('14 CFR 61.57(a)');
    expect(pdf.text).toContain('Solo flight (first 90 days)');
    // Printed in the reader's zone.
    expect(pdf.text).toMatch(/Made by Skylog on .* GMT-[78]/);
  });

  it('is read by the student’s instructor, any instructor of the school, the student and the school’s admins; a classmate or another school gets 404', async () => {
    for (const reader of [who.instructor.email, who.checkInstructor.email, who.student.email, school.owner]) {
      expect((await s.call(reader, 'GET', `/api/users/${who.student.id}/handoff`)).statusCode, reader).toBe(200);
    }
    for (const stranger of [who.classmate.email, otherSchool.owner]) {
      expect((await s.call(stranger, 'GET', `/api/users/${who.student.id}/handoff`)).statusCode, stranger).toBe(404);
      expect((await s.call(stranger, 'GET', `/api/users/${who.student.id}/handoff.pdf`)).statusCode, stranger).toBe(404);
    }
    const denials = await query<{ count: number }>(
      t,
      sql`select count(*)::int as count from audit_log where status = 'denied' and resource = ${`users/${who.student.id}/training`}`,
    );
    expect(denials[0]!.count).toBeGreaterThanOrEqual(4);
  });

  it('keeps the three newest lessons, and the rework list empties once both items reach their grade', async () => {
    await giveLesson(who.instructor.email, { lesson_key: 'l1', date: addDays(today, -2) }, [
      { item_key: 'l1-steep', grade: '2' },
      { item_key: 'l1-landing', grade: '3' },
    ]);
    await giveLesson(who.instructor.email, { lesson_key: 'l1', date: addDays(today, -1), ground_hours: 0.5 }, [
      { item_key: 'l1-steep', grade: '3' },
      { item_key: 'l1-landing', grade: '4' },
      { item_key: 'l1-brief', grade: '3' },
    ]);
    const handoff = await brief(who.checkInstructor.email);
    expect(handoff.recent_lessons.map((lesson) => [lesson.date, lesson.status])).toEqual([
      [addDays(today, -1), 'complete'],
      [addDays(today, -2), 'incomplete'],
      [flights[1]!.day, 'incomplete'],
    ]);
    expect(handoff.rework).toEqual([]);
    expect(handoff.enrollment?.lessons_done).toBe(1);
  });

  it('exports the records as CSV: a row per graded item of each lesson, with its stage, date, hours, instructor and grades', async () => {
    const response = await s.call(who.instructor.email, 'GET', `/api/enrollments/${enrollmentId}/records.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="training-record-student-\d+-of-Handoff-Flight-School-Private-Pilot-Part-141\.csv"$/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(response.body)[0]).toEqual([...trainingRecordsCsvColumns]);
    const rows = csvRecords(response.body);
    // Lessons of 3, 2, 2 and 3 items, oldest first; no graduation yet.
    expect(rows.map((row) => [row.date, row.item, row.grade, row.required_grade, row.lesson_status])).toEqual([
      [flights[0]!.day, 'Steep Turns', '1', '3', 'incomplete'],
      [flights[0]!.day, 'Normal Approach and Landing', '3', '3', 'incomplete'],
      [flights[0]!.day, 'Preflight briefing', '3', '2', 'incomplete'],
      [flights[1]!.day, 'Steep Turns', '2', '3', 'incomplete'],
      [flights[1]!.day, 'Normal Approach and Landing', '2', '3', 'incomplete'],
      [flights[1]!.day, 'Preflight briefing', '', '2', 'incomplete'],
      [addDays(today, -2), 'Steep Turns', '2', '3', 'incomplete'],
      [addDays(today, -2), 'Normal Approach and Landing', '3', '3', 'incomplete'],
      [addDays(today, -2), 'Preflight briefing', '', '2', 'incomplete'],
      [addDays(today, -1), 'Steep Turns', '3', '3', 'complete'],
      [addDays(today, -1), 'Normal Approach and Landing', '4', '3', 'complete'],
      [addDays(today, -1), 'Preflight briefing', '3', '2', 'complete'],
    ]);
    const first = rows[0]!;
    expect(first).toMatchObject({
      course: 'Private Pilot (Part 141)',
      revision: '1',
      enrolled_on: addDays(today, -20),
      stage: 'Stage 1: Air work',
      lesson: 'Steep turns and landings',
      instructor: expect.stringMatching(/^instructor \d+ of Handoff Flight School$/),
      certificate: certificate.certificate_number,
      task_code: 'PA.V.A',
      remark: 'Lost 200 ft, rolled out 30° late',
      stage_check: 'no',
    });
    // A flight lesson's hours are its flight's (600 s of track: 0.2 h); a lesson without one has its ground hours.
    expect(Number(first.flight_hours)).toBeCloseTo(0.2, 5);
    expect(rows.at(-1)).toMatchObject({ flight_hours: '0', ground_hours: '0.5' });
    expect(new Date(first.signed_at!).toISOString()).toBe(first.signed_at);
  });

  it('adds the stage check and, once the student graduates, a graduation row and the graduation on the PDF', async () => {
    await giveLesson(who.checkInstructor.email, { lesson_key: 'c1', date: today }, [{ item_key: 'c1-steep', grade: '3' }], { password: personPassword, ...checkCertificate });
    const rows = csvRecords((await s.call(school.owner, 'GET', `/api/enrollments/${enrollmentId}/records.csv`)).body);
    expect(rows.at(-2)).toMatchObject({ lesson: 'Stage 1 check', date: today, stage_check: 'yes', certificate: checkCertificate.certificate_number, lesson_status: 'complete' });
    expect(rows.at(-1)).toEqual({
      ...Object.fromEntries(trainingRecordsCsvColumns.map((column) => [column, ''])),
      student: rows[0]!.student,
      course: 'Private Pilot (Part 141)',
      revision: '1',
      enrolled_on: addDays(today, -20),
      lesson: 'Graduation',
      date: today,
      lesson_status: 'graduated',
    });

    const response = await s.call(who.student.email, 'GET', `/api/enrollments/${enrollmentId}/records.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.text).toContain(rows[0]!.student!);
    expect(pdf.text).toContain('Handoff Flight School');
    expect(pdf.text).toContain(`Enrolled on ${addDays(today, -20)}`);
    expect(pdf.text).toContain(`Graduated on ${today}`);
    expect(pdf.text).toContain('Stage 1 check (stage check)');
    expect(pdf.text).toContain(checkCertificate.certificate_number);
    expect(pdf.text).toContain('Lost 200 ft, rolled out 30° late');
    expect(pdf.text).toContain(`Page 1 of ${pdf.pages}`);

    // Graduated, the student has no course in training: the brief says so.
    expect((await brief(who.instructor.email)).enrollment).toBeNull();
  });

  it('gives the records to whoever reads the student’s training, any instructor of the school too; a classmate or another school gets 404', async () => {
    const unlinked = await school.addPerson('instructor');
    for (const reader of [unlinked.email, who.student.email, school.owner])
      expect((await s.call(reader, 'GET', `/api/enrollments/${enrollmentId}/records.csv`)).statusCode, reader).toBe(200);
    for (const stranger of [who.classmate.email, otherSchool.owner]) {
      expect((await s.call(stranger, 'GET', `/api/enrollments/${enrollmentId}/records.csv`)).statusCode, stranger).toBe(404);
      expect((await s.call(stranger, 'GET', `/api/enrollments/${enrollmentId}/records.pdf`)).statusCode, stranger).toBe(404);
    }
  });

  it('seeds the demo student on the Part 141 course in stage 1, a landing on rework, signed with the demo instructor’s certificate; seeding again adds nothing', async () => {
    const stella = await skylogIdOf(t, 'student@skyline.test');
    const response = await s.call('ana.costa@skyline.test', 'GET', `/api/users/${stella}/handoff`);
    expect(response.statusCode, response.body).toBe(200);
    const handoff = handoffBriefSchema.parse(response.json());
    expect(handoff.enrollment).toMatchObject({ course: { name: 'Private Pilot – Airplane Single-Engine Land (Part 141)', part: '141' }, stage: { index: 0 }, lessons_done: 3 });
    expect(handoff.recent_lessons[0]).toMatchObject({ title: 'Traffic pattern, takeoffs and landings', status: 'incomplete' });
    expect(handoff.rework.map((item) => [item.task_code, item.grade])).toEqual([['PA.IV.B', '1']]);

    const course = courseSchema.parse((await s.call('orgadmin@skyline.test', 'GET', `/api/courses/${handoff.enrollment!.course.id}`)).json());
    expect(course.check_instructors.map((person) => person.name)).toEqual(['Ana Costa']);
    const rows = csvRecords((await s.call('instructor@skyline.test', 'GET', `/api/enrollments/${handoff.enrollment!.id}/records.csv`)).body);
    expect(new Set(rows.map((row) => `${row.instructor} ${row.certificate}`))).toEqual(new Set(['Iris Calder CFI 3920115']));

    await t.ctx.db.transaction((tx) => seedDemoTraining(tx));
    const counts = await query<{ courses: number; records: number }>(
      t,
      sql`select (select count(*)::int from courses where template_key = 'private-airplane-part-141') as courses, (select count(*)::int from lesson_records r join enrollments e on e.id = r.enrollment_id where e.student_id = ${stella}) as records`,
    );
    expect(counts).toEqual([{ courses: 1, records: 4 }]);
  });
});
