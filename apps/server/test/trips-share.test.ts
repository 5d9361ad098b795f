import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';
import { createSchool, type School } from './factories.ts';
import { sessions } from './people-helper.ts';
import { straightTrack, tripsApi } from './trips-helper.ts';

/** The share dialog's people: whoever may share a flight finds people of its organization, without the people list their role may not read. */
describe('GET /api/trips/:id/share-candidates', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  let school: School;
  let other: School;
  let student: { email: string; id: string };
  let classmate: { email: string; id: string };
  let outsider: { email: string; id: string };
  let tripId: string;

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Share Candidates School');
    other = await createSchool(t, s, 'Share Candidates Elsewhere');
    student = await school.addPerson('student');
    classmate = await school.addPerson('student');
    outsider = await other.addPerson('student');
    tripId = (await trips.create(student.email, { trip_name: 'Solo cross-country', points: straightTrack({ start: Date.parse('2026-07-01T16:00:00Z'), count: 3 }) })).trip_id;
  });
  afterAll(async () => t.close());

  it('a student on the flight finds classmates of the organization, never anyone of another one, and fires no role denial', async () => {
    const response = await s.call(student.email, 'GET', `/api/trips/${tripId}/share-candidates`);
    expect(response.statusCode, response.body).toBe(200);
    const ids = (response.json().items as Array<{ skylog_id: string }>).map((person) => person.skylog_id);
    expect(ids).toContain(classmate.id);
    expect(ids).not.toContain(student.id);
    expect(ids).not.toContain(outsider.id);
    expect(response.body).not.toContain(other.owner);
    const searched = await s.call(student.email, 'GET', `/api/trips/${tripId}/share-candidates?search=${encodeURIComponent(classmate.email.slice(0, 12))}`);
    expect((searched.json().items as Array<{ email: string }>).map((person) => person.email)).toEqual([classmate.email]);
  });

  it('someone who may only read the flight (a share) is refused with 403; someone who cannot see it gets 404', async () => {
    expect((await s.call(student.email, 'PUT', `/api/trips/${tripId}/shared-with`, { shared_with: [classmate.id] })).statusCode).toBe(200);
    expect((await s.call(classmate.email, 'GET', `/api/trips/${tripId}/share-candidates`)).statusCode).toBe(403);
    expect((await s.call(outsider.email, 'GET', `/api/trips/${tripId}/share-candidates`)).statusCode).toBe(404);
  });

  it("the flight's detail lists the people it is shared with by name, whatever order they were chosen in", async () => {
    const third = await school.addPerson('student');
    expect((await s.call(student.email, 'PUT', `/api/trips/${tripId}/shared-with`, { shared_with: [third.id, classmate.id] })).statusCode).toBe(200);
    const detail = await s.call(student.email, 'GET', `/api/trips/${tripId}`);
    expect(detail.json().shared_with.map((person: { skylog_id: string; email: string }) => [person.skylog_id, person.email])).toEqual([
      [classmate.id, classmate.email],
      [third.id, third.email],
    ]);
  });
});
