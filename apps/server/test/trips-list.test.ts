import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TripSummary } from '@skylog/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trips as tripsTable } from '../src/db/schema/index.ts';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { makeTone, nmPerDegreeLatitude, straightTrack, tripsApi, uploadsApi } from './trips-helper.ts';

const dayMs = 86_400_000;
const base = Date.parse('2026-04-01T14:00:00Z');

/**
 * Twelve Skyline flights with distinct days, durations, distances and names, so every sort has one
 * right answer. `by` records the trip; seats not named default as the recorder sets them.
 */
type Planned = {
  key: number;
  by: string;
  name: string;
  day: number;
  minutes: number;
  nm: number;
  aircraft?: string;
  origin?: string;
  destination?: string;
  left?: string;
  right?: string;
};

const plan: readonly Planned[] = [
  {
    key: 1,
    by: 'leo.nakamura',
    name: 'Crosswind landings',
    day: 5,
    minutes: 60,
    nm: 12,
    aircraft: 'N172SP',
    origin: 'KPAO',
    destination: 'KPAO',
  },
  { key: 2, by: 'leo.nakamura', name: 'Steep turns', day: 1, minutes: 45, nm: 30, aircraft: 'N4521K', origin: 'KPAO', destination: 'KSQL' },
  { key: 3, by: 'leo.nakamura', name: 'Short field', day: 9, minutes: 90, nm: 8, origin: 'KSQL', destination: 'KPAO' },
  { key: 4, by: 'priya.shah', name: 'Night currency', day: 3, minutes: 30, nm: 22, aircraft: 'N172SP' },
  { key: 5, by: 'priya.shah', name: 'Stalls', day: 12, minutes: 75, nm: 15, aircraft: 'N733RG' },
  { key: 6, by: 'instructor', name: 'Instrument approaches', day: 7, minutes: 50, nm: 40, left: 'priya.shah' },
  { key: 7, by: 'marcus.webb', name: 'Water work', day: 2, minutes: 120, nm: 5, aircraft: 'N4521K', left: 'jonas.berg' },
  { key: 8, by: 'marcus.webb', name: 'Harbor tour', day: 11, minutes: 20, nm: 18, destination: 'KHAF', left: 'jonas.berg' },
  { key: 9, by: 'ana.costa', name: 'Multi-engine checkout', day: 4, minutes: 95, nm: 50, aircraft: 'N350DA' },
  {
    key: 10,
    by: 'orgadmin',
    name: 'Ferry to maintenance',
    day: 8,
    minutes: 40,
    nm: 65,
    aircraft: 'N172SP',
    left: 'leo.nakamura',
    right: 'marcus.webb',
  },
  { key: 11, by: 'jonas.berg', name: 'Cross-country solo', day: 10, minutes: 65, nm: 3, aircraft: 'N733RG' },
  { key: 12, by: 'emma.okafor', name: 'Emergency procedures', day: 6, minutes: 110, nm: 27 },
];

describe('GET /api/trips: paging, search, filters, sorting and flight time', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const api = tripsApi(() => t, s);
  const uploads = uploadsApi(() => t);
  const ids = new Map<number, string>();
  const people = new Map<string, string>();
  const planes = new Map<string, string>();
  let workDir: string;

  const emailOf = (name: string) => `${name}@skyline.test`;
  const idOf = (key: number) => ids.get(key)!;
  const keysOf = (items: TripSummary[]) => items.map((item) => [...ids].find(([, id]) => id === item.trip_id)?.[0]);
  const durationMs = (trip: Planned) => trip.minutes * 60_000;
  const list = (query = '') => api.list('orgadmin@skyline.test', query);
  /** All matches in one page, as trip keys in the order the server gives them. */
  const keys = async (query: string) => keysOf((await list(`?page_size=100&${query}`)).items);

  beforeAll(async () => {
    t = await createTestApp();
    workDir = await mkdtemp(path.join(tmpdir(), 'skylog-trips-list-'));
    for (const name of ['leo.nakamura', 'priya.shah', 'jonas.berg', 'marcus.webb']) people.set(name, await skylogIdOf(t, emailOf(name)));
    const fleet = (await s.call('orgadmin@skyline.test', 'GET', '/api/aircraft')).json().items as { id: string; tail_number: string }[];
    for (const plane of fleet) planes.set(plane.tail_number, plane.id);

    for (const trip of plan) {
      const created = await api.create(emailOf(trip.by), {
        trip_name: trip.name,
        // Eleven fixes flown due north: ten legs of the planned time and distance.
        points: straightTrack({
          start: base + trip.day * dayMs,
          count: 11,
          stepMs: durationMs(trip) / 10,
          latitudeStep: trip.nm / 10 / nmPerDegreeLatitude,
        }),
        ...(trip.aircraft ? { aircraft_id: planes.get(trip.aircraft) } : {}),
        ...(trip.origin ? { origin: trip.origin } : {}),
        ...(trip.destination ? { destination: trip.destination } : {}),
        ...(trip.left ? { left_seat: people.get(trip.left) } : {}),
        ...(trip.right ? { right_seat: people.get(trip.right) } : {}),
      });
      ids.set(trip.key, created.trip_id);
    }
    // Harbor flies too; its trip never shows in Skyline's list.
    await api.create('admin@harbor.test', {
      trip_name: 'Crosswind landings',
      points: straightTrack({ start: base + 5 * dayMs, count: 11 }),
    });

    // Debriefs: trip 1 (what went well), trip 6 (what to improve); blank notes on trip 2 are no debrief.
    for (const [key, notes] of [
      [1, { trip_well: 'Held the centreline' }],
      [6, { trip_improve: 'Brief the missed approach' }],
      [2, { trip_well: '   ', trip_improve: '' }],
    ] as const) {
      const response = await s.call('orgadmin@skyline.test', 'PATCH', `/api/trips/${idOf(key)}`, notes);
      expect(response.statusCode, response.body).toBe(200);
    }
    // Audio on trip 3, through the real upload and job.
    const tone = await makeTone(t.ctx.audioTools.ffmpegPath!, workDir, 'tone.opus', 2, ['-c:a', 'libopus']);
    const { state } = await uploads.upload({ cookie: await s.as('leo.nakamura@skyline.test') }, idOf(3), tone, 'cockpit.opus');
    expect(state.status).toBe('done');
    // No route writes transcripts yet (they come from the transcription job): trip 5 gets one in the database.
    await t.ctx.db
      .update(tripsTable)
      .set({ transcriptJson: { results: { channels: [{ alternatives: [{ transcript: 'Palo Alto tower', words: [] }] }] } } })
      .where(eq(tripsTable.id, idOf(5)));
  });
  afterAll(async () => {
    await t.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('answers ten per page by default, newest first, with the exact total', async () => {
    const first = await list();
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    const newestFirst = [...plan].sort((a, b) => b.day - a.day).map((trip) => trip.key);
    expect(keysOf(first.items)).toEqual(newestFirst.slice(0, 10));
    // Flight time is summed only when asked for (it reads every match).
    expect(first.total_duration_ms).toBeNull();

    const second = await list('?page=1');
    expect(keysOf(second.items)).toEqual(newestFirst.slice(10));
    expect(second.total).toBe(12);

    for (const page of [2, 50]) {
      const beyond = await list(`?page=${page}`);
      expect(beyond.items).toEqual([]);
      expect(beyond.total).toBe(12);
    }
  });

  it('gives each summary its people, aircraft, airports, times, distance and status', async () => {
    const [trip] = (await list('?search=Ferry')).items;
    expect(trip).toMatchObject({
      trip_name: 'Ferry to maintenance',
      aircraft: { id: planes.get('N172SP'), tail_number: 'N172SP' },
      owner: { email: 'orgadmin@skyline.test', name: 'Olivia Grant' },
      left_seat: { skylog_id: people.get('leo.nakamura'), name: 'Leo Nakamura' },
      right_seat: { skylog_id: people.get('marcus.webb'), name: 'Marcus Webb' },
      begin_time: new Date(base + 8 * dayMs).toISOString(),
      end_time: new Date(base + 8 * dayMs + 40 * 60_000).toISOString(),
      duration_ms: 40 * 60_000,
      distance: 65,
      marker_count: 0,
      has_transcript: false,
      audio_status: 'none',
      is_debriefed: false,
    });
    const [withAudio] = (await list('?search=Short%20field')).items;
    expect(withAudio).toMatchObject({ audio_status: 'ready' });
  });

  it('searches trip names, airports, tail numbers and pilot names, case-insensitively, with exact totals', async () => {
    const cases: [string, number[]][] = [
      ['crosswind', [1]],
      ['KHAF', [8]],
      ['ksql', [2, 3]],
      ['n172sp', [10, 4, 1]],
      ['N733RG', [5, 11]],
      ['Priya', [5, 6, 4]],
      ['marcus webb', [8, 10, 7]],
      ['Nakamura', [3, 10, 1, 2]],
    ];
    for (const [search, expected] of cases) {
      expect((await keys(`search=${encodeURIComponent(search)}`)).sort(), search).toEqual([...expected].sort());
      expect((await list(`?search=${encodeURIComponent(search)}&page_size=1`)).total, search).toBe(expected.length);
    }
    expect(await list('?search=no-such-flight')).toEqual({ items: [], total: 0, total_duration_ms: null });
    expect(await list('?search=no-such-flight&with_flight_time=true')).toEqual({ items: [], total: 0, total_duration_ms: 0 });
  });

  it('with_flight_time=true sums the duration of every match, not just the page', async () => {
    const all = await list('?with_flight_time=true');
    expect(all.items).toHaveLength(10);
    expect(all.total_duration_ms).toBe(plan.reduce((sum, trip) => sum + durationMs(trip), 0));
    expect((await list('?with_flight_time=true&page=1')).total_duration_ms).toBe(all.total_duration_ms);
    expect((await list('?with_flight_time=false')).total_duration_ms).toBeNull();
  });

  it('filters by begin time (from inclusive), aircraft and pilot; flight time sums the matches only', async () => {
    const from = new Date(base + 3 * dayMs).toISOString();
    const to = new Date(base + 6 * dayMs + 12 * 3_600_000).toISOString();
    expect((await keys(`from=${from}&to=${to}`)).sort()).toEqual([1, 4, 9, 12].sort());
    const window = await list(`?from=${from}&to=${to}&with_flight_time=true`);
    expect(window.total_duration_ms).toBe((30 + 60 + 95 + 110) * 60_000);

    expect((await keys(`aircraft_id=${planes.get('N4521K')}`)).sort()).toEqual([2, 7]);
    const leoFlights = await list(`?pilot_id=${people.get('leo.nakamura')}&page_size=2&with_flight_time=true`);
    expect(leoFlights.total).toBe(4);
    expect(leoFlights.total_duration_ms).toBe((60 + 45 + 90 + 40) * 60_000);
    expect((await keys(`pilot_id=${people.get('jonas.berg')}`)).sort((a, b) => a! - b!)).toEqual([7, 8, 11]);
    expect(await keys(`aircraft_id=${planes.get('N172SP')}&pilot_id=${people.get('priya.shah')}`)).toEqual([4]);
  });

  it('filters by status: awaiting debrief, debriefed, with audio, with and without transcript', async () => {
    const all = plan.map((trip) => trip.key);
    const cases: [string, number[]][] = [
      ['debriefed', [1, 6]],
      ['awaiting_debrief', all.filter((key) => key !== 1 && key !== 6)],
      ['with_audio', [3]],
      ['with_transcript', [5]],
      ['without_transcript', all.filter((key) => key !== 5)],
    ];
    for (const [status, expected] of cases) {
      const answer = await list(`?status=${status}&page_size=100`);
      expect(
        keysOf(answer.items).sort((a, b) => a! - b!),
        status,
      ).toEqual(expected);
      expect(answer.total, status).toBe(expected.length);
    }
    const [debriefed] = (await list('?status=debriefed&search=crosswind')).items;
    expect(debriefed).toMatchObject({ is_debriefed: true });
    const [transcribed] = (await list('?status=with_transcript')).items;
    expect(transcribed).toMatchObject({ has_transcript: true });
  });

  it('sorts by begin time, trip name, duration and distance in both orders', async () => {
    const orders: Record<string, (a: Planned, b: Planned) => number> = {
      begin_time: (a, b) => a.day - b.day,
      trip_name: (a, b) => (a.name < b.name ? -1 : 1),
      duration: (a, b) => a.minutes - b.minutes,
      distance: (a, b) => a.nm - b.nm,
    };
    for (const [field, compare] of Object.entries(orders)) {
      const ascending = [...plan].sort(compare).map((trip) => trip.key);
      expect(await keys(`sort=${field}&order=asc`), `${field} asc`).toEqual(ascending);
      expect(await keys(`sort=${field}&order=desc`), `${field} desc`).toEqual([...ascending].reverse());
    }
    // Sorting applies before paging: the second page of three farthest-first is 30, 27 and 22 NM.
    expect(keysOf((await list('?sort=distance&order=desc&page_size=3&page=1')).items)).toEqual([2, 12, 4]);
  });

  it('filters by sub-organization, and no filter widens what a person may see', async () => {
    const north = (await s.call('leo.nakamura@skyline.test', 'GET', '/api/me')).json().sub_org_id;
    const lakeside = (await s.call('jonas.berg@skyline.test', 'GET', '/api/me')).json().sub_org_id;
    expect((await keys(`sub_org_id=${north}`)).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 9, 10]);
    expect((await keys(`sub_org_id=${lakeside}`)).sort((a, b) => a! - b!)).toEqual([7, 8, 11, 12]);
    // An instructor asking for Lakeside, where none of their students fly, or for a student they do not teach, gets nothing.
    expect(await api.list('instructor@skyline.test', `?sub_org_id=${lakeside}`)).toMatchObject({ items: [], total: 0 });
    expect(await api.list('instructor@skyline.test', `?pilot_id=${people.get('jonas.berg')}`)).toMatchObject({ items: [], total: 0 });
    expect((await api.list('instructor@skyline.test', `?pilot_id=${people.get('priya.shah')}`)).total).toBe(3);
  });

  it('counts each sub-organization\'s flights in the sub-organization list', async () => {
    const north = (await s.call('leo.nakamura@skyline.test', 'GET', '/api/me')).json().sub_org_id;
    const lakeside = (await s.call('jonas.berg@skyline.test', 'GET', '/api/me')).json().sub_org_id;
    const items = (await s.call('orgadmin@skyline.test', 'GET', '/api/sub-orgs')).json().items as { id: string; trip_count: number }[];
    expect(items.find((item) => item.id === north)?.trip_count).toBe(8);
    expect(items.find((item) => item.id === lakeside)?.trip_count).toBe(4);
  });

  it('refuses malformed filters with 400 naming the field', async () => {
    const cases: [string, string, string][] = [
      ['from=yesterday', 'from', 'From must be a time like 2026-01-31T00:00:00Z'],
      ['aircraft_id=N172SP', 'aircraft_id', 'Aircraft must be an aircraft id'],
      ['pilot_id=leo', 'pilot_id', 'Pilot must be a person id'],
      ['with_flight_time=yes', 'with_flight_time', 'with_flight_time must be true or false'],
    ];
    for (const [query, field, message] of cases) {
      const response = await s.call('orgadmin@skyline.test', 'GET', `/api/trips?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields?.[field], query).toBe(message);
    }
    for (const query of ['status=flown', 'sort=speed', 'order=up', 'page=-1', 'page_size=1000']) {
      const response = await s.call('orgadmin@skyline.test', 'GET', `/api/trips?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe('validation_error');
    }
  });
});
