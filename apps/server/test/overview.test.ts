import { overviewSchema, startOfDayIn, addDays, type Overview } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, type School } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { permissionDenied, sessions } from './people-helper.ts';
import { straightTrack, tripsApi } from './trips-helper.ts';

/**
 * GET /api/overview (docs/product.md "Overview"): a school of the test's own with flights at known times either side of
 * week and month edges, so every figure is known in Berlin and in UTC.
 */
describe('GET /api/overview', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  let school: School;
  let north = '';
  let south = '';
  const people = { instructor: '', northStudent: '', southStudent: '', idleStudent: '' };
  const fleet = { first: '', second: '' };
  const tripIds: Record<string, string> = {};

  const marker = (markerID: number, at: number) => ({ markerID, timestamp: at, coords: { latitude: 37.46, longitude: -122.11, altitude: 100 } });

  async function fly(name: string, beginsAt: string, minutes: number, extra: Record<string, unknown> = {}) {
    const start = Date.parse(beginsAt);
    const trip = await trips.create(school.owner, {
      trip_name: name,
      points: straightTrack({ start, count: minutes + 1, stepMs: 60_000 }),
      left_seat: people.northStudent,
      right_seat: people.instructor,
      aircraft_id: fleet.first,
      ...extra,
    });
    tripIds[name] = trip.trip_id;
    return trip;
  }

  async function overview(viewer: string, query: string): Promise<Overview> {
    const response = await s.call(viewer, 'GET', `/api/overview?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return overviewSchema.parse(response.json());
  }

  /** The flights list's total for days read in a time zone, as the web's list asks for them. */
  async function listTotal(viewer: string, days: { from: string; to: string }, timezone: string, extra = '') {
    const from = startOfDayIn(days.from, timezone).toISOString();
    const to = startOfDayIn(addDays(days.to, 1), timezone).toISOString();
    return (await trips.list(viewer, `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${extra}`)).total;
  }

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Overview Flight School');
    north = await school.addSubOrg('North Wing');
    south = await school.addSubOrg('South Wing');
    people.instructor = (await school.addPerson('instructor', { subOrgId: north })).id;
    people.northStudent = (await school.addPerson('student', { subOrgId: north })).id;
    people.southStudent = (await school.addPerson('student', { subOrgId: south })).id;
    people.idleStudent = (await school.addPerson('student', { subOrgId: north })).id;
    for (const [key, tail] of [['first', 'D-EOVA'], ['second', 'D-EOVB']] as const) {
      const response = await s.call(school.owner, 'POST', '/api/aircraft', { tail_number: tail });
      expect(response.statusCode, response.body).toBe(201);
      fleet[key] = response.json().id;
    }
    // Wednesday 2026-03-04 is "today". Berlin is UTC+1 in these weeks (summer time starts 29 March).
    // Monday 00:30 in Berlin, still Sunday in UTC: this week in Berlin, last week in UTC.
    await fly('Monday just after midnight', '2026-03-01T23:30:00Z', 30, { markers: [marker(4, Date.parse('2026-03-01T23:40:00Z'))] });
    await fly('Monday noon', '2026-03-02T12:00:00Z', 90, {
      markers: [marker(4, Date.parse('2026-03-02T12:10:00Z')), marker(4, Date.parse('2026-03-02T12:20:00Z')), marker(1, Date.parse('2026-03-02T12:30:00Z'))],
    });
    // Saturday 28 February, 23:30 in Berlin: last week and last month everywhere.
    await fly('Saturday late', '2026-02-28T22:30:00Z', 60, { aircraft_id: fleet.second });
    // Sunday 1 March 00:30 in Berlin (this month there), still 28 February in UTC (last month).
    await fly('Sunday just after midnight', '2026-02-28T23:30:00Z', 45, { markers: [marker(2, Date.parse('2026-02-28T23:35:00Z'))] });
    // Ten weeks back: in the chart, not in a period.
    await fly('January', '2026-01-10T10:00:00Z', 120, { aircraft_id: null });
    // South Wing's student flies alone this week.
    await fly('South solo', '2026-03-03T09:00:00Z', 50, { left_seat: people.southStudent, right_seat: null, aircraft_id: fleet.second });
    // A debrief written on Monday noon's flight; the others await theirs.
    const debriefed = await s.call(school.owner, 'PATCH', `/api/trips/${tripIds['Monday noon']}`, { trip_well: 'Good radio calls.' });
    expect(debriefed.statusCode, debriefed.body).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  it("counts this week's and month's flights and hours in Berlin, with the periods before", async () => {
    const figures = await overview(school.owner, 'timezone=Europe/Berlin&date=2026-03-04');
    expect(figures.date).toBe('2026-03-04');
    expect(figures.this_week).toEqual({ from: '2026-03-02', to: '2026-03-08', flights: 3, flight_time_ms: (30 + 90 + 50) * 60_000 });
    expect(figures.last_week).toEqual({ from: '2026-02-23', to: '2026-03-01', flights: 2, flight_time_ms: (60 + 45) * 60_000 });
    expect(figures.this_month).toEqual({ from: '2026-03-01', to: '2026-03-31', flights: 4, flight_time_ms: (30 + 90 + 45 + 50) * 60_000 });
    expect(figures.last_month).toEqual({ from: '2026-02-01', to: '2026-02-28', flights: 1, flight_time_ms: 60 * 60_000 });
  });

  it('moves the flights near midnight to the other side of the edges in UTC', async () => {
    const figures = await overview(school.owner, 'timezone=UTC&date=2026-03-04');
    expect(figures.this_week.flights).toBe(2);
    expect(figures.last_week.flights).toBe(3);
    expect(figures.this_month).toMatchObject({ flights: 3, flight_time_ms: (30 + 90 + 50) * 60_000 });
    expect(figures.last_month).toMatchObject({ flights: 2, flight_time_ms: (60 + 45) * 60_000 });
  });

  it('gives the same numbers as the lists its figures link to', async () => {
    const timezone = 'Europe/Berlin';
    const figures = await overview(school.owner, `timezone=${timezone}&date=2026-03-04`);
    for (const period of [figures.this_week, figures.last_week, figures.this_month, figures.last_month]) {
      expect(await listTotal(school.owner, period, timezone)).toBe(period.flights);
    }
    expect(figures.awaiting_debrief).toBe(5);
    expect((await trips.list(school.owner, '?status=awaiting_debrief')).total).toBe(figures.awaiting_debrief);
    expect(figures.markers).toEqual([
      { key: 1, markers: 1, flights: 1 },
      { key: 2, markers: 1, flights: 1 },
      { key: 4, markers: 3, flights: 2 },
    ]);
    for (const row of figures.markers) expect(await listTotal(school.owner, figures.this_month, timezone, `&marker=${row.key}`)).toBe(row.flights);

    const peopleTotal = async (query: string) => (await s.call(school.owner, 'GET', `/api/users?${query}`)).json().total;
    expect(figures.active_students).toBe(3);
    expect(await peopleTotal('role=student&status=active')).toBe(figures.active_students);
    expect(figures.active_instructors).toBe(1);
    expect(await peopleTotal('role=instructor&status=active')).toBe(figures.active_instructors);
    expect(figures.cables_not_collected).toBe(5);
    expect(await peopleTotal('cable=not_collected')).toBe(figures.cables_not_collected);
    expect(figures.aircraft).toBe(2);
  });

  it('draws twelve weeks of flights and the hours per aircraft over them', async () => {
    const figures = await overview(school.owner, 'timezone=Europe/Berlin&date=2026-03-04');
    expect(figures.weeks).toHaveLength(12);
    expect(figures.weeks[0]).toMatchObject({ from: '2025-12-15', to: '2025-12-21' });
    expect(figures.weeks.at(-1)).toEqual(figures.this_week);
    expect(figures.weeks.at(-2)).toEqual(figures.last_week);
    expect(figures.weeks.find((week) => week.from === '2026-01-05')).toMatchObject({ flights: 1, flight_time_ms: 120 * 60_000 });
    expect(figures.weeks.reduce((sum, week) => sum + week.flights, 0)).toBe(6);
    expect(figures.hours_per_aircraft).toEqual([
      { aircraft_id: fleet.first, tail_number: 'D-EOVA', flights: 3, flight_time_ms: (30 + 90 + 45) * 60_000 },
      { aircraft_id: null, tail_number: null, flights: 1, flight_time_ms: 120 * 60_000 },
      { aircraft_id: fleet.second, tail_number: 'D-EOVB', flights: 2, flight_time_ms: (60 + 50) * 60_000 },
    ]);
    expect(figures.recent.map((trip) => trip.trip_name)).toEqual(['South solo', 'Monday noon', 'Monday just after midnight', 'Sunday just after midnight', 'Saturday late']);
    expect(figures.awaiting.map((trip) => trip.trip_name)).toEqual(['South solo', 'Monday just after midnight', 'Sunday just after midnight', 'Saturday late', 'January']);
  });

  it('narrows every figure to a sub-organization', async () => {
    const figures = await overview(school.owner, `timezone=Europe/Berlin&date=2026-03-04&sub_org_id=${south}`);
    expect(figures.sub_org_id).toBe(south);
    expect(figures.this_week).toMatchObject({ flights: 1, flight_time_ms: 50 * 60_000 });
    expect(figures.this_month.flights).toBe(1);
    expect(figures.last_week.flights).toBe(0);
    expect(figures.active_students).toBe(1);
    expect(figures.active_instructors).toBe(0);
    expect(figures.markers).toEqual([]);
    expect(figures.recent.map((trip) => trip.trip_name)).toEqual(['South solo']);
    expect(await listTotal(school.owner, figures.this_week, 'Europe/Berlin', `&sub_org_id=${south}`)).toBe(1);
  });

  it('counts a deactivated student no more', async () => {
    const deactivated = await s.call(school.owner, 'POST', `/api/users/${people.idleStudent}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await overview(school.owner, 'timezone=UTC')).active_students).toBe(2);
  });

  it("shows a super_admin their current organization's figures after a switch", async () => {
    const superadmin = 'superadmin@skyline.test';
    const switched = await s.call(superadmin, 'POST', '/api/me/org', { org_id: school.orgId });
    expect(switched.statusCode, switched.body).toBe(204);
    const theirs = await overview(superadmin, 'timezone=Europe/Berlin&date=2026-03-04');
    const owners = await overview(school.owner, 'timezone=Europe/Berlin&date=2026-03-04');
    expect(theirs).toEqual(owners);
  });

  it('shows an empty school zeros, not errors', async () => {
    const empty = await createSchool(t, s, 'Empty Overview School');
    const figures = await overview(empty.owner, 'timezone=UTC&date=2026-03-04');
    expect(figures.this_week).toMatchObject({ flights: 0, flight_time_ms: 0 });
    expect(figures.this_month).toMatchObject({ flights: 0, flight_time_ms: 0 });
    expect(figures.weeks.every((week) => week.flights === 0)).toBe(true);
    expect(figures).toMatchObject({ active_students: 0, active_instructors: 0, aircraft: 0, awaiting_debrief: 0, markers: [], hours_per_aircraft: [], recent: [], awaiting: [] });
    expect(figures.cables_not_collected).toBe(1);
  });

  it('refuses instructors and students (docs/product-spec.md §6 Overview row) with 403', async () => {
    const instructor = await school.addPerson('instructor');
    const student = await school.addPerson('student');
    for (const viewer of [instructor.email, student.email]) {
      const response = await s.call(viewer, 'GET', '/api/overview');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: permissionDenied.code, message: permissionDenied.message });
    }
  });

  it('answers a sub-organization of another school with 404', async () => {
    const other = await createSchool(t, s, 'Other Overview School');
    const theirs = await other.addSubOrg('Elsewhere');
    const response = await s.call(school.owner, 'GET', `/api/overview?sub_org_id=${theirs}`);
    expect(response.statusCode).toBe(404);
  });

  it('names the field of a bad time zone or day', async () => {
    for (const [query, field, message] of [
      ['timezone=Mars/Olympus', 'timezone', 'Timezone must be a time zone such as UTC or Europe/Berlin'],
      ['date=2026-02-30', 'date', 'Date must be a day like 2026-01-31'],
      ['date=yesterday', 'date', 'Date must be a day like 2026-01-31'],
    ] as const) {
      const response = await s.call(school.owner, 'GET', `/api/overview?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(message);
      expect(JSON.stringify(response.json()), query).toContain(field);
    }
  });
});
