import { pilotProfileListSchema } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, type School } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { straightTrack, tripsApi } from './trips-helper.ts';

/** A pilot profile (docs/product.md "Instructors and students"): who a person flies with, counted only in flights the caller may read. */
describe('GET /api/pilot_profiles', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const api = tripsApi(() => t, s);
  let school: School;
  let student: { email: string; id: string };
  let instructor: { email: string; id: string };
  let otherInstructor: { email: string; id: string };
  let day = 0;

  const fly = (left: string, right: string) =>
    api.create(school.owner, {
      trip_name: `Lesson ${(day += 1)}`,
      left_seat: left,
      right_seat: right,
      points: straightTrack({ start: Date.parse('2026-03-01T09:00:00Z') + day * 86_400_000, count: 20 }),
    });
  const profileOf = async (email: string, userId?: string) => {
    const response = await s.call(email, 'GET', `/api/pilot_profiles${userId ? `?user_id=${userId}` : ''}`);
    return { status: response.statusCode, body: response.statusCode === 200 ? pilotProfileListSchema.parse(response.json()) : response.json() };
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    school = await createSchool(t, s, 'Crew Profile Academy');
    student = await school.addPerson('student');
    instructor = await school.addPerson('instructor');
    otherInstructor = await school.addPerson('instructor');
    await fly(student.id, instructor.id);
    await fly(student.id, instructor.id);
    await fly(student.id, otherInstructor.id);
  });
  afterAll(async () => t.close());

  it("answers the caller's own profile by default: the people they flew with, most flights first", async () => {
    const { status, body } = await profileOf(student.email);
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ id: student.id, user_id: student.id });
    expect(body.items[0].crew_members.map((member: { skylog_id: string; flights: number }) => [member.skylog_id, member.flights])).toEqual([
      [instructor.id, 2],
      [otherInstructor.id, 1],
    ]);
    expect(body.items[0].crew_members[0].last_flight).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('an administrator reads anyone of the school; the crew counts only flights the caller may read', async () => {
    const { body } = await profileOf(school.owner, student.id);
    expect(body.items[0].crew_members).toHaveLength(2);
    // The first instructor reads only their own flights with the student (not linked to them, so not the third).
    const { status, body: seen } = await profileOf(instructor.email);
    expect(status).toBe(200);
    expect(seen.items[0].crew_members).toEqual([expect.objectContaining({ skylog_id: student.id, flights: 2 })]);
  });

  it('someone out of reach answers 404 (another school, or a student asking for a classmate)', async () => {
    const other = await createSchool(t, s, 'Far Away Flyers');
    expect((await profileOf(other.owner, student.id)).status).toBe(404);
    const classmate = await school.addPerson('student');
    expect((await profileOf(classmate.email, student.id)).status).toBe(404);
  });
});
