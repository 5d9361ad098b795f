import {
  courseSchema,
  enrollmentSchema,
  lessonRecordSchema,
  scorecardSchema,
  trainingMessages,
  trainingProgressSchema,
  tripLessonRecordsSchema,
  type AcsEvidence,
  type CourseContent,
  type LessonRecord,
} from '@skylog/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, type School } from './factories.ts';
import { steepTurnsAndLandings } from './support/course-lessons.ts';
import { createTestApp, query, type TestApp } from './helper.ts';
import { personPassword, sessions } from './people-helper.ts';
import { csvOf, straightTrack, tripsApi } from './trips-helper.ts';

/**
 * Courses, enrolments and graded lessons through the API (docs/product.md "Lessons and grading"): locked revisions,
 * grading to complete or to rework, rework carried into the next lesson, stage checks by another instructor, Skylog's
 * proposals beside (never in) the instructor's grade, the scorecard, and who may do what.
 */

const certificate = { certificate_number: '3456789CFI', certificate_expires: '2099-12-31' };

/** A small course of the school's own: a stage of two lessons and its check, then a second stage. */
const content: CourseContent = {
  planned_weeks: 12,
  stages: [
    {
      key: 's1',
      title: 'Stage 1',
      objective: 'Manoeuvres to the ACS',
      lessons: [
        steepTurnsAndLandings,
        {
          key: 'l2',
          title: 'Slow flight',
          kind: 'flight',
          planned_hours: 1.0,
          stage_check: false,
          objective: '',
          items: [{ key: 'l2-slow', task_code: 'PA.VII.A', title: 'Maneuvering During Slow Flight', kind: 'flight', required_grade: '3', required: true }],
        },
        {
          key: 'c1',
          title: 'Stage 1 check',
          kind: 'flight',
          planned_hours: 1.0,
          stage_check: true,
          objective: '',
          items: [{ key: 'c1-steep', task_code: 'PA.V.A', title: 'Steep Turns', kind: 'flight', required_grade: '3', required: true }],
        },
      ],
    },
    {
      key: 's2',
      title: 'Stage 2',
      objective: '',
      lessons: [
        {
          key: 'l3',
          title: 'Short field',
          kind: 'flight',
          planned_hours: 1.0,
          stage_check: false,
          objective: '',
          items: [{ key: 'l3-short', task_code: 'PA.IV.F', title: 'Short-Field Approach and Landing', kind: 'flight', required_grade: '3', required: true }],
        },
      ],
    },
  ],
};

describe('courses and graded lessons', () => {
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
  let courseId = '';
  let enrollmentId = '';
  let studentTrip = '';
  let classmateTrip = '';
  let checkTrip = '';

  const start = Date.parse('2026-10-20T15:00:00Z');
  /** The steep turn the analysis found on the student's flight: within the ACS (PA.V.A) by its numbers. */
  const steepTurn: AcsEvidence = {
    task_code: 'PA.V.A',
    outcome: 'within',
    start_ms: start + 120_000,
    end_ms: start + 160_000,
    summary: 'Steep turn left through 365°: bank 43–48°, altitude within 70 ft, roll-out 4° off the entry heading',
    measurements: [{ label: 'Bank', value: 46, unit: 'deg', limit: '45° ±5°', within: true }],
  };

  async function importFlight(pilot: string, offset: number, instructor = who.instructor.id) {
    const csv = csvOf(straightTrack({ start: start + offset, count: 600 }));
    const imported = await trips.importFile(school.owner, 'lesson.csv', csv, `&left_seat=${pilot}&right_seat=${instructor}`);
    expect(imported.statusCode, imported.body).toBe(201);
    await t.ctx.jobs.drain();
    return imported.json().trip_id as string;
  }

  const begin = (email: string, body: Record<string, unknown>) => s.call(email, 'POST', `/api/enrollments/${enrollmentId}/lessons`, body);
  const grade = (email: string, recordId: string, grades: { item_key: string; grade: string | null; remark?: string }[]) =>
    s.call(email, 'PUT', `/api/lesson-records/${recordId}/grades`, { grades });
  const complete = (email: string, recordId: string, body: Record<string, unknown> = { password: personPassword, ...certificate }) =>
    s.call(email, 'POST', `/api/lesson-records/${recordId}/complete`, body);
  const enrollment = async (email = who.instructor.email) => enrollmentSchema.parse((await s.call(email, 'GET', `/api/enrollments/${enrollmentId}`)).json());

  async function beginLesson(email: string, body: Record<string, unknown>): Promise<LessonRecord> {
    const response = await begin(email, body);
    expect(response.statusCode, response.body).toBe(201);
    return lessonRecordSchema.parse(response.json());
  }

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Syllabus Flight School');
    otherSchool = await createSchool(t, s, 'Elsewhere Aero');
    who.instructor = await school.addPerson('instructor');
    who.checkInstructor = await school.addPerson('instructor');
    who.student = await school.addPerson('student');
    who.classmate = await school.addPerson('student');
    const linked = await s.call(school.owner, 'POST', '/api/student-instructor', [{ instructor: who.instructor.id, student: who.student.id }]);
    expect(linked.statusCode, linked.body).toBe(204);
    s.remember(who.instructor.email, personPassword);
    s.remember(who.checkInstructor.email, personPassword);
    studentTrip = await importFlight(who.student.id, 0);
    classmateTrip = await importFlight(who.classmate.id, 3_600_000);
    checkTrip = await importFlight(who.student.id, 7_200_000, who.checkInstructor.id);
    // The analysis found a steep turn on the student's flight (as the analysis job stores its evidence).
    await query(
      t,
      sql`update trips set flight_analysis = jsonb_set(coalesce(flight_analysis, '{}'::jsonb), '{acs_evidence}', ${JSON.stringify([steepTurn])}::jsonb) where id = ${studentTrip}`,
    );
  });
  afterAll(async () => t.close());

  it('copies a shipped Private Pilot template; only admins build courses and another school cannot see them', async () => {
    const copied = await s.call(school.owner, 'POST', '/api/courses', { template_key: 'private-airplane-part-141' });
    expect(copied.statusCode, copied.body).toBe(201);
    const template = courseSchema.parse(copied.json());
    expect(template).toMatchObject({ part: '141', scale: 'numeric-4', revision: 1, locked: false });
    expect(template.content.stages.length).toBe(3);
    expect((await s.call(who.instructor.email, 'POST', '/api/courses', { template_key: 'private-airplane-part-61' })).statusCode).toBe(403);
    expect((await s.call(otherSchool.owner, 'GET', `/api/courses/${template.id}`)).statusCode).toBe(404);
    expect((await s.call(who.instructor.email, 'GET', `/api/courses/${template.id}`)).statusCode).toBe(200);

    const own = await s.call(school.owner, 'POST', '/api/courses', { name: 'Private Pilot (school)', part: '61', scale: 'numeric-4', content });
    expect(own.statusCode, own.body).toBe(201);
    courseId = courseSchema.parse(own.json()).id;
    const named = await s.call(school.owner, 'PUT', `/api/courses/${courseId}/check-instructors`, { skylog_ids: [who.checkInstructor.id] });
    expect(named.statusCode, named.body).toBe(200);
    expect(courseSchema.parse(named.json()).check_instructors.map((person) => person.skylog_id)).toEqual([who.checkInstructor.id]);
  });

  it('refuses a syllabus with an unknown task code or a grade off the scale, naming the place', async () => {
    const bad = structuredClone(content);
    bad.stages[0]!.lessons[1]!.items[0]!.task_code = 'PA.XX.Z';
    const unknown = await s.call(school.owner, 'POST', '/api/courses', { name: 'Bad', part: '61', scale: 'numeric-4', content: bad });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ 'content.stages.0.lessons.1.items.0.task_code': trainingMessages.unknownTask('PA.XX.Z') });
    const partial = await s.call(school.owner, 'POST', '/api/courses', { name: 'No syllabus', part: '61' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().fields).toEqual({ scale: 'Grading scale is required, or choose a template', content: 'Content is required, or choose a template' });
    const offScale = await s.call(school.owner, 'POST', '/api/courses', { name: 'Bad', part: '61', scale: 'satisfactory', content });
    expect(offScale.statusCode).toBe(400);
    expect(Object.keys(offScale.json().fields)[0]).toBe('content.stages.0.lessons.0.items.0.required_grade');
  });

  it('imports a CSV course whole, and refuses a file with unknown task codes with every bad row and nothing stored', async () => {
    const header = 'stage_key,stage_title,lesson_key,lesson_title,lesson_kind,planned_hours,stage_check,item_key,task_code,item_title,item_kind,required_grade,required';
    const good = [header, 's1,Stage 1,a1,Air work,flight,1.2,no,a1-1,PA.V.A,,flight,S,yes', 's1,Stage 1,a1,Air work,flight,1.2,no,a1-2,,Briefing,ground,S,no'].join('\n');
    const imported = await s.call(school.owner, 'POST', '/api/courses/import', { format: 'csv', name: 'Imported', part: '61', scale: 'satisfactory', file: good });
    expect(imported.statusCode, imported.body).toBe(201);
    const course = courseSchema.parse(imported.json());
    expect(course.content.stages[0]!.lessons[0]!.items.map((item) => [item.task_code, item.title])).toEqual([
      ['PA.V.A', 'Steep Turns'],
      [null, 'Briefing'],
    ]);
    const before = await query<{ count: number }>(t, sql`select count(*)::int as count from courses`);
    const bad = [header, 's1,Stage 1,a1,Air work,flight,1,no,a1-1,PA.V.Q,,flight,S,yes', 's1,Stage 1,a1,Air work,flight,1,no,a1-2,PA.IV.B,,flight,S,yes', 's1,Stage 1,a1,Air work,flight,1,no,a1-3,PA.ZZ.A,,flight,S,yes'].join('\n');
    const refused = await s.call(school.owner, 'POST', '/api/courses/import', { format: 'csv', name: 'Imported', part: '61', scale: 'satisfactory', file: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().rows).toEqual([
      { row: 2, field: 'task_code', message: trainingMessages.unknownTask('PA.V.Q') },
      { row: 4, field: 'task_code', message: trainingMessages.unknownTask('PA.ZZ.A') },
    ]);
    expect(await query<{ count: number }>(t, sql`select count(*)::int as count from courses`)).toEqual(before);
  });

  it('locks the revision a student is enrolled on: a change makes revision 2 and the student stays on 1 until moved', async () => {
    expect((await s.call(who.classmate.email, 'POST', `/api/users/${who.student.id}/enrollments`, { course_id: courseId })).statusCode).toBe(403);
    const enrolled = await s.call(who.instructor.email, 'POST', `/api/users/${who.student.id}/enrollments`, { course_id: courseId, enrolled_on: '2026-01-05' });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    enrollmentId = enrollmentSchema.parse(enrolled.json()).id;
    expect((await s.call(who.instructor.email, 'POST', `/api/users/${who.student.id}/enrollments`, { course_id: courseId })).statusCode).toBe(409);

    const changed = structuredClone(content);
    changed.stages[1]!.lessons[0]!.title = 'Short-field landings';
    const patched = await s.call(school.owner, 'PATCH', `/api/courses/${courseId}`, { content: changed });
    expect(patched.statusCode, patched.body).toBe(200);
    const course = courseSchema.parse(patched.json());
    expect(course.revision).toBe(2);
    expect(course.revisions.map((revision) => [revision.number, revision.locked, revision.students])).toEqual([
      [2, false, 0],
      [1, true, 1],
    ]);
    expect((await enrollment()).revision).toBe(1);
    expect((await enrollment()).latest_revision).toBe(2);
    // The database itself refuses rewriting a locked revision's syllabus.
    await expect(query(t, sql`update course_revisions set content = '{}'::jsonb where course_id = ${courseId} and number = 1`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/locked/) },
    });
    const scale = await s.call(school.owner, 'PATCH', `/api/courses/${courseId}`, { scale: 'satisfactory' });
    expect(scale.statusCode).toBe(400);
    expect(scale.json().fields).toEqual({ scale: trainingMessages.scaleLocked });

    const moved = await s.call(who.instructor.email, 'POST', `/api/enrollments/${enrollmentId}/move-to-latest`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(enrollmentSchema.parse(moved.json()).revision).toBe(2);
  });

  it('refuses a grade off the scale, an item of another lesson and another student’s flight, each with 400 naming the field', async () => {
    const flightOfOther = await begin(who.instructor.email, { lesson_key: 'l1', trip_id: classmateTrip });
    expect(flightOfOther.statusCode).toBe(400);
    expect(flightOfOther.json().fields).toEqual({ trip_id: trainingMessages.flightNotStudents });
    const unknownLesson = await begin(who.instructor.email, { lesson_key: 'nope' });
    expect(unknownLesson.json().fields).toEqual({ lesson_key: trainingMessages.unknownLesson });
    const notOpen = await begin(who.instructor.email, { lesson_key: 'l3' });
    expect(notOpen.statusCode).toBe(400);
    expect(notOpen.json().fields).toEqual({ lesson_key: trainingMessages.lessonNotOpen('Stage 1') });

    const record = await beginLesson(who.instructor.email, { lesson_key: 'l1', trip_id: studentTrip });
    const offScale = await grade(who.instructor.email, record.id, [{ item_key: 'l1-steep', grade: 'S' }]);
    expect(offScale.statusCode).toBe(400);
    expect(offScale.json().fields).toEqual({ 'grades.0.grade': trainingMessages.gradeNotOnScale('S', 'Numeric 1–4') });
    const otherItem = await grade(who.instructor.email, record.id, [{ item_key: 'l1-steep', grade: '3' }, { item_key: 'l2-slow', grade: '3' }]);
    expect(otherItem.statusCode).toBe(400);
    expect(otherItem.json().fields).toEqual({ 'grades.1.item_key': trainingMessages.itemNotInLesson });
    // Nothing of a refused request was stored.
    const unchanged = lessonRecordSchema.parse((await s.call(who.instructor.email, 'GET', `/api/lesson-records/${record.id}`)).json());
    expect(unchanged.items.every((item) => item.grade === null)).toBe(true);
  });

  it('proposes a grade from the flight’s evidence beside the item and never writes it into the instructor’s grade', async () => {
    const records = tripLessonRecordsSchema.parse((await s.call(who.instructor.email, 'GET', `/api/trips/${studentTrip}/lesson-records`)).json());
    const [record] = records.records;
    expect(record).toMatchObject({ student: { skylog_id: who.student.id }, lesson_title: 'Steep turns and landings', status: 'in-progress' });
    // The student's instructor links their lessons; the stage check is for a check instructor.
    expect(records.enrollments[0]?.open_lessons.map((lesson) => lesson.key)).toEqual(['l1', 'l2']);
    const forChecker = tripLessonRecordsSchema.parse((await s.call(who.checkInstructor.email, 'GET', `/api/trips/${checkTrip}/lesson-records`)).json());
    expect(forChecker.enrollments[0]?.open_lessons.map((lesson) => lesson.key)).toEqual(['c1']);
    const view = lessonRecordSchema.parse((await s.call(who.instructor.email, 'GET', `/api/lesson-records/${record!.id}`)).json());
    const steep = view.items.find((item) => item.item_key === 'l1-steep')!;
    expect(steep.proposal).toEqual({ grade: '3', evidence: [steepTurn] });
    expect(steep.grade).toBeNull();
    expect(view.items.find((item) => item.item_key === 'l1-landing')!.proposal).toBeNull();

    const overridden = await grade(who.instructor.email, record!.id, [{ item_key: 'l1-steep', grade: '1', remark: 'Lost 150 ft in the right turn' }]);
    expect(overridden.statusCode, overridden.body).toBe(200);
    const after = lessonRecordSchema.parse(overridden.json()).items.find((item) => item.item_key === 'l1-steep')!;
    expect(after).toMatchObject({ grade: '1', remark: 'Lost 150 ft in the right turn', proposal: { grade: '3' }, graded_by: { skylog_id: who.instructor.id } });
  });

  it('lets only the instructor who began a lesson grade it: a student is refused by role, another instructor by the row', async () => {
    const [record] = tripLessonRecordsSchema.parse((await s.call(who.instructor.email, 'GET', `/api/trips/${studentTrip}/lesson-records`)).json()).records;
    expect((await grade(who.student.email, record!.id, [{ item_key: 'l1-landing', grade: '4' }])).statusCode).toBe(403);
    // Another instructor of the school reads the student's lessons (a check instructor, a successor) but grades none.
    const stranger = await grade(who.checkInstructor.email, record!.id, [{ item_key: 'l1-landing', grade: '4' }]);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(trainingMessages.notGrader);
    expect((await s.call(who.checkInstructor.email, 'GET', `/api/enrollments/${enrollmentId}`)).statusCode).toBe(200);
    expect((await s.call(otherSchool.owner, 'GET', `/api/lesson-records/${record!.id}`)).statusCode).toBe(404);
    expect((await s.call(who.classmate.email, 'GET', `/api/enrollments/${enrollmentId}`)).statusCode).toBe(404);
    expect((await s.call(who.student.email, 'GET', `/api/lesson-records/${record!.id}`)).statusCode).toBe(200);
  });

  it('signs a lesson short of its grades as incomplete, puts the item on rework and carries it into the next lesson, where meeting it clears it', async () => {
    const [record] = tripLessonRecordsSchema.parse((await s.call(who.instructor.email, 'GET', `/api/trips/${studentTrip}/lesson-records`)).json()).records;
    expect((await grade(who.instructor.email, record!.id, [{ item_key: 'l1-landing', grade: '3' }])).statusCode).toBe(200);
    const noPassword = await complete(who.instructor.email, record!.id, certificate);
    expect(noPassword.statusCode).toBe(403);
    const signed = await complete(who.instructor.email, record!.id, { password: personPassword, ...certificate, remarks: 'Steep turns to repeat' });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(lessonRecordSchema.parse(signed.json())).toMatchObject({ status: 'incomplete', remarks: 'Steep turns to repeat', can_grade: false });
    expect((await grade(who.instructor.email, record!.id, [{ item_key: 'l1-steep', grade: '4' }])).statusCode).toBe(409);
    // The signed lesson keeps the proposal its instructor saw, whatever a later analysis of the flight finds.
    await query(t, sql`update trips set flight_analysis = jsonb_set(flight_analysis, '{acs_evidence}', '[]'::jsonb) where id = ${studentTrip}`);
    const kept = lessonRecordSchema.parse((await s.call(who.student.email, 'GET', `/api/lesson-records/${record!.id}`)).json());
    expect(kept.items.find((item) => item.item_key === 'l1-steep')).toMatchObject({ grade: '1', proposal: { grade: '3', evidence: [steepTurn] } });

    const standing = await enrollment(who.student.email);
    expect(standing.rework.map((item) => [item.item_key, item.task_code, item.grade, item.from_lesson.lesson_key])).toEqual([['l1-steep', 'PA.V.A', '1', 'l1']]);

    const next = await beginLesson(who.instructor.email, { lesson_key: 'l2', date: '2026-10-22' });
    expect(next.items.map((item) => [item.item_key, item.required, item.rework_id !== null])).toEqual([
      ['l2-slow', true, false],
      ['l1-steep', true, true],
    ]);
    await grade(who.instructor.email, next.id, [
      { item_key: 'l2-slow', grade: '3' },
      { item_key: 'l1-steep', grade: '3' },
    ]);
    const done = lessonRecordSchema.parse((await complete(who.instructor.email, next.id)).json());
    expect(done.status).toBe('complete');
    expect((await enrollment()).rework).toEqual([]);
  });

  it('gives a stage check only to a named check instructor who did not teach the stage, and opens the next stage once passed', async () => {
    const own = await begin(who.instructor.email, { lesson_key: 'c1' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(trainingMessages.stageCheckNotNamed);
    // Named as a check instructor too, the one who taught the stage is still refused.
    await s.call(school.owner, 'PUT', `/api/courses/${courseId}/check-instructors`, { skylog_ids: [who.checkInstructor.id, who.instructor.id] });
    const taught = await begin(who.instructor.email, { lesson_key: 'c1' });
    expect(taught.statusCode).toBe(403);
    expect(taught.json().message).toBe(trainingMessages.stageCheckSameInstructor);

    const check = await beginLesson(who.checkInstructor.email, { lesson_key: 'c1', trip_id: checkTrip, date: '2026-10-25' });
    expect(check.lesson.stage_check).toBe(true);
    await grade(who.checkInstructor.email, check.id, [{ item_key: 'c1-steep', grade: '3' }]);
    // l1 is still incomplete: its own lesson repeated later completes it; the check itself passes.
    expect(lessonRecordSchema.parse((await complete(who.checkInstructor.email, check.id)).json()).status).toBe('complete');
    const standing = await enrollment();
    expect(standing.lessons.find((lesson) => lesson.key === 'l3')!.is_open).toBe(true);
    expect(standing.lessons.map((lesson) => [lesson.key, lesson.status])).toEqual([
      ['l1', 'incomplete'],
      ['l2', 'complete'],
      ['c1', 'complete'],
      ['l3', 'not-started'],
    ]);
    expect(standing.stage).toMatchObject({ key: 's1', index: 0 });
  });

  it('keeps the scorecard per ACS task: how often, when last, latest and best grade, and the trend', async () => {
    const card = scorecardSchema.parse((await s.call(who.student.email, 'GET', `/api/users/${who.student.id}/scorecard`)).json());
    const steep = card.tasks.find((task) => task.task_code === 'PA.V.A')!;
    expect(steep).toMatchObject({ title: 'Steep Turns', times_practised: 3, last_date: '2026-10-25', latest_grade: '3', best_grade: '3', trend: 'steady' });
    expect(steep.history.map((entry) => entry.grade)).toEqual(['1', '3', '3']);
    expect(card.tasks.map((task) => task.task_code)).toEqual(['PA.IV.B', 'PA.V.A', 'PA.VII.A']);
    expect((await s.call(who.classmate.email, 'GET', `/api/users/${who.student.id}/scorecard`)).statusCode).toBe(404);
  });

  it('shows the school its students by stage and who is behind plan', async () => {
    const progress = trainingProgressSchema.parse((await s.call(school.owner, 'GET', '/api/training-progress')).json());
    expect(progress.by_stage).toEqual([{ course: 'Private Pilot (school)', stage: 'Stage 1', students: 1 }]);
    // Enrolled on 2026-01-05 for a 12-week course of 4 lessons with 2 done: past its weeks, it is behind by calendar.
    expect(progress.behind_plan.map((entry) => entry.student.skylog_id)).toEqual([who.student.id]);
    expect((await s.call(who.instructor.email, 'GET', '/api/training-progress')).statusCode).toBe(403);
  });
});
