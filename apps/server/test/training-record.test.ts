import {
  dayRangeMessage,
  messages,
  studentsTrainingSchema,
  trainingRecordSchema,
  type FlightAnalysis,
  type TrainingRecord,
} from '@skylog/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, type School } from './factories.ts';
import { createTestApp, query, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { csvRecords } from './support/csv.ts';
import { straightTrack, tripsApi } from './trips-helper.ts';

/**
 * GET /api/users/{id}/training-record: a student's flights, hours by seat, the analysis's
 * landings and findings, markers over months and the last debrief, counted in the flights the reader
 * may see.
 */
describe('GET /api/users/{id}/training-record', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  let school: School;
  const who = {
    instructor: { email: '', id: '' },
    otherInstructor: { email: '', id: '' },
    student: { email: '', id: '' },
    classmate: { email: '', id: '' },
  };
  const flights: Record<string, string> = {};
  const minute = 60_000;

  const marker = (markerID: number) => ({
    markerID,
    timestamp: Date.parse('2026-03-02T10:05:00Z'),
    coords: { latitude: 37.46, longitude: -122.11, altitude: 100 },
  });

  async function fly(name: string, beginsAt: string, minutes: number, crew: Record<string, unknown>, extra: Record<string, unknown> = {}) {
    const trip = await trips.create(school.owner, {
      trip_name: name,
      points: straightTrack({ start: Date.parse(beginsAt), count: minutes + 1, stepMs: minute }),
      ...crew,
      ...extra,
    });
    flights[name] = trip.trip_id;
  }

  async function record(viewer: string, personId: string, range = ''): Promise<TrainingRecord> {
    const response = await s.call(viewer, 'GET', `/api/users/${personId}/training-record?timezone=UTC${range}`);
    expect(response.statusCode, response.body).toBe(200);
    return trainingRecordSchema.parse(response.json());
  }

  /** An analysis with known figures, written as the trip.analyse job would. */
  const analysis: Pick<FlightAnalysis, 'stats' | 'landings' | 'moments' | 'readbacks'> = {
    stats: { max_altitude_ft: 3500, max_ground_speed_kt: 110, max_bank_deg: 30, landings: 3, go_arounds: 1 },
    // Two touch-and-goes and the full stop that ended the flight.
    landings: (['touch_and_go', 'touch_and_go', 'full_stop'] as const).map((kind, index) => ({
      kind,
      touchdown_time: Date.parse('2026-03-02T10:20:00Z') + index * 6 * minute,
      latitude: 37.46,
      longitude: -122.11,
      ground_speed_kt: 55,
      float_s: 4,
      descent_rate_fpm: 480,
      field_elevation_ft: 10,
    })),
    moments: (['well', 'improve', 'improve'] as const).map((tone, index) => ({
      id: `m${index}`,
      time: 0,
      end_time: null,
      kind: 'go_around',
      category: 'landing',
      tone,
      title: 'Go-around',
      explanation: 'Flown as briefed.',
      evidence: [],
      readback: null,
    })),
    // An unclear readback is checked but is no finding against the pilot.
    readbacks: (['correct', 'missing', 'unclear'] as const).map((status) => ({
      status,
      instruction: { start: 0, end: 1, speaker: 0, text: 'Climb 3500' },
      readback: null,
      elements: [],
      addressee: null,
      expected_readback: 'Climb three thousand five hundred',
      rule: 'levels' as const,
    })),
  };

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Record Flight School');
    who.instructor = await school.addPerson('instructor');
    who.otherInstructor = await school.addPerson('instructor');
    who.student = await school.addPerson('student');
    who.classmate = await school.addPerson('student');
    const linked = await s.call(school.owner, 'POST', '/api/student-instructor', [
      { instructor: who.instructor.id, student: who.student.id },
    ]);
    expect(linked.statusCode, linked.body).toBe(204);

    const dual = { left_seat: who.student.id, right_seat: who.instructor.id };
    await fly('Circuits', '2026-03-02T10:00:00Z', 60, dual, { markers: [marker(4), marker(4), marker(1)] });
    await fly('Stalls', '2026-03-05T10:00:00Z', 90, dual);
    await fly('Safety pilot', '2026-03-20T10:00:00Z', 30, { left_seat: who.classmate.id, right_seat: who.student.id });
    await fly('Classmate solo', '2026-03-21T10:00:00Z', 45, { left_seat: who.classmate.id });
    await fly('Last year', '2025-06-01T10:00:00Z', 50, dual);
    await t.ctx.jobs.drain();
    // The straight tracks' own analyses found no landings; one flight gets known figures, one waits for its analysis.
    await query(
      t,
      sql`update trips set flight_analysis = ${JSON.stringify({ version: 1, computed_at: '2026-03-02T12:00:00Z', phases: [], takeoffs: [], limitations: [], ...analysis })}::jsonb where id = ${flights.Circuits}`,
    );
    await query(t, sql`update trips set flight_analysis = null where id = ${flights['Safety pilot']}`);
    const debriefed = await s.call(who.instructor.email, 'PATCH', `/api/trips/${flights.Stalls}`, {
      trip_well: 'Recovered promptly.',
      trip_improve: 'Rudder on the break.',
    });
    expect(debriefed.statusCode, debriefed.body).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  it("sums the student's flights in the range: hours by seat, landings, go-arounds, markers, findings and the last debrief", async () => {
    const mine = await record(school.owner, who.student.id, '&from=2026-03-01&to=2026-03-31');
    expect(mine.person).toMatchObject({ skylog_id: who.student.id, user_type: 'student' });
    expect(mine.totals).toEqual({
      flights: 3,
      flight_time_ms: (60 + 90 + 30) * minute,
      left_seat: { flights: 2, flight_time_ms: 150 * minute },
      right_seat: { flights: 1, flight_time_ms: 30 * minute },
      analysed_flights: 2,
      landings: 3,
      full_stop_landings: 1,
      go_arounds: 1,
      markers: [1, 0, 0, 2],
      moments_well: 1,
      moments_improve: 2,
      readbacks: 3,
      readback_findings: 1,
    });
    expect(mine.flights.map((flight) => [flight.trip_name, flight.seat])).toEqual([
      ['Safety pilot', 'right'],
      ['Stalls', 'left'],
      ['Circuits', 'left'],
    ]);
    const circuits = mine.flights.find((flight) => flight.trip_name === 'Circuits')!;
    expect(circuits).toMatchObject({
      markers: [1, 0, 0, 2],
      landings: 3,
      full_stop_landings: 1,
      go_arounds: 1,
      moments_improve: 2,
      readbacks: 3,
      readback_findings: 1,
      is_debriefed: false,
    });
    expect(circuits.crew).toContain('instructor');
    // Not analysed yet: what is known, and no invented zeros.
    expect(mine.flights.find((flight) => flight.trip_name === 'Safety pilot')).toMatchObject({
      landings: null,
      full_stop_landings: null,
      moments_improve: null,
      readback_findings: null,
    });
    expect(mine.last_debrief).toMatchObject({
      trip_id: flights.Stalls,
      trip_well: 'Recovered promptly.',
      trip_improve: 'Rudder on the break.',
    });
    expect(mine.months).toHaveLength(12);
    expect(mine.months.at(-1)).toEqual({ month: '2026-03', flights: 3, flight_time_ms: 180 * minute, markers: [1, 0, 0, 2] });
    expect(mine.months[0]!.month).toBe('2025-04');
  });

  it('counts every flight without a range, and the months end with the current one', async () => {
    const all = await record(school.owner, who.student.id);
    expect(all.totals.flights).toBe(4);
    expect(all.from).toBeNull();
    expect(all.months.at(-1)!.month).toBe(new Date().toISOString().slice(0, 7));
  });

  it('shows a student their own record, and the linked instructor the same', async () => {
    const own = await record(who.student.email, who.student.id, '&from=2026-03-01&to=2026-03-31');
    const instructors = await record(who.instructor.email, who.student.id, '&from=2026-03-01&to=2026-03-31');
    const admins = await record(school.owner, who.student.id, '&from=2026-03-01&to=2026-03-31');
    expect(own.totals).toEqual(admins.totals);
    expect(instructors.totals).toEqual(admins.totals);
  });

  it("counts only the flights the reader may see: an instructor who is not the student's sees none", async () => {
    const theirs = await record(who.otherInstructor.email, who.student.id);
    expect(theirs.totals.flights).toBe(0);
    expect(theirs.flights).toEqual([]);
    expect(theirs.last_debrief).toBeNull();
  });

  it("answers 404 to a student asking for another student's record", async () => {
    const response = await s.call(who.classmate.email, 'GET', `/api/users/${who.student.id}/training-record`);
    expect(response.statusCode).toBe(404);
    const outsider = await createSchool(t, s, 'Outside Record School');
    expect((await s.call(outsider.owner, 'GET', `/api/users/${who.student.id}/training-record`)).statusCode).toBe(404);
  });

  it('refuses a range that ends before it starts, naming the field', async () => {
    const response = await s.call(school.owner, 'GET', `/api/users/${who.student.id}/training-record?from=2026-03-10&to=2026-03-01`);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(dayRangeMessage);
    expect(JSON.stringify(response.json())).toContain('"to"');
  });

  it("gives an instructor's page their students' figures, each counted as on the student's record", async () => {
    const response = await s.call(
      school.owner,
      'GET',
      `/api/users/${who.instructor.id}/students-training?timezone=UTC&from=2026-03-01&to=2026-03-31`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { items } = studentsTrainingSchema.parse(response.json());
    expect(items).toEqual([
      {
        skylog_id: who.student.id,
        name: expect.stringContaining('student'),
        flights: 3,
        flight_time_ms: 180 * minute,
        landings: 3,
        go_arounds: 1,
        moments_improve: 2,
        readbacks: 3,
        readback_findings: 1,
        last_flight: '2026-03-20T10:00:00.000Z',
        last_debrief: '2026-03-05T10:00:00.000Z',
      },
    ]);
    expect((await s.call(who.classmate.email, 'GET', `/api/users/${who.instructor.id}/students-training`)).statusCode).toBe(404);
  });

  describe('as CSV', () => {
    async function download(viewer: string, url: string) {
      const response = await s.call(viewer, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      return { disposition: String(response.headers['content-disposition']), body: response.body, records: csvRecords(response.body) };
    }

    it("files a student's flights oldest first: UTF-8 with its mark, ISO dates, hours as decimals, the marker labels as headers", async () => {
      const { disposition, body, records } = await download(
        school.owner,
        `/api/users/${who.student.id}/training-record.csv?timezone=UTC&from=2026-03-01&to=2026-03-31`,
      );
      expect(disposition).toMatch(
        /^attachment; filename="training-record-student-\d+-of-Record-Flight-School-from-2026-03-01-to-2026-03-31\.csv"$/,
      );
      expect(body.startsWith('\uFEFFDate (UTC),Start (UTC),Student,')).toBe(true);
      expect(body).toContain('\r\n');
      expect(records.map((row) => row.Flight)).toEqual(['Circuits', 'Stalls', 'Safety pilot']);
      expect(records[0]).toMatchObject({
        'Date (UTC)': '2026-03-02',
        'Start (UTC)': '2026-03-02T10:00:00Z',
        'Student e-mail': who.student.email,
        Seat: 'Left',
        'Flight hours': '1',
        Landings: '3',
        'Go-arounds': '1',
        'Markers: Debrief': '1',
        'Markers: Overloaded': '2',
        'Moments to work on': '2',
        'Readback findings': '1',
        Debriefed: 'no',
        'Flight id': flights.Circuits,
      });
      expect(records[1]).toMatchObject({ 'Flight hours': '1.5', Debriefed: 'yes', 'What went well': 'Recovered promptly.' });
      expect(records[2]).toMatchObject({ Seat: 'Right', 'Flight hours': '0.5', Landings: '' });
    });

    it('reads the days in the chosen time zone', async () => {
      // 10:00 UTC on 2 March is still 1 March in Pago Pago (UTC−11): the days move, and so does the range.
      const { records } = await download(
        school.owner,
        `/api/users/${who.student.id}/training-record.csv?timezone=Pacific/Pago_Pago&from=2026-03-02&to=2026-03-31`,
      );
      expect(records.map((row) => [row['Date (Pacific/Pago_Pago)'], row.Flight])).toEqual([
        ['2026-03-04', 'Stalls'],
        ['2026-03-19', 'Safety pilot'],
      ]);
    });

    it("exports the organization's students a row per flight and student aboard; a sub-organization's only theirs", async () => {
      const { records } = await download(school.owner, '/api/training-records.csv?timezone=UTC&from=2026-03-01&to=2026-03-31');
      expect(records.map((row) => `${row.Flight} / ${row['Student e-mail']}`)).toEqual([
        `Circuits / ${who.student.email}`,
        `Stalls / ${who.student.email}`,
        ...[who.classmate.email, who.student.email].sort().map((email) => `Safety pilot / ${email}`),
        `Classmate solo / ${who.classmate.email}`,
      ]);
      const empty = await school.addSubOrg('Nobody flies here');
      expect((await download(school.owner, `/api/training-records.csv?sub_org_id=${empty}`)).records).toEqual([]);
    });

    it('keeps a cell that looks like a formula as text', async () => {
      await fly('=HYPERLINK("http://evil.test","Click")', '2026-04-01T10:00:00Z', 10, { left_seat: who.student.id });
      const { records } = await download(school.owner, `/api/users/${who.student.id}/training-record.csv?from=2026-04-01&to=2026-04-01`);
      expect(records.map((row) => row.Flight)).toEqual(['\'=HYPERLINK("http://evil.test","Click")']);
    });

    it("refuses the organization export to instructors, a reversed range, and another school's sub-organization", async () => {
      expect((await s.call(who.instructor.email, 'GET', '/api/training-records.csv')).statusCode).toBe(403);
      const reversed = await s.call(school.owner, 'GET', '/api/training-records.csv?from=2026-03-10&to=2026-03-01');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.body).toContain(dayRangeMessage);
      const other = await createSchool(t, s, 'Export Elsewhere School');
      const theirs = await other.addSubOrg('Theirs');
      expect((await s.call(school.owner, 'GET', `/api/training-records.csv?sub_org_id=${theirs}`)).statusCode).toBe(404);
      expect((await s.call(who.classmate.email, 'GET', `/api/users/${who.student.id}/training-record.csv`)).statusCode).toBe(404);
      expect(messages.trainingExportTooLarge).toContain('100,000');
    });
  });
});
