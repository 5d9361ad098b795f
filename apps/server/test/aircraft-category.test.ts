import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { aircraftCategories, aircraftSchema, messages, tripAnalysisSchema, trainingRecordSchema } from '@skylog/contracts';
import { analysisVersion } from '@skylog/flight-analysis';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trips as tripsTable } from '../src/db/schema/index.ts';
import { enqueueJobOnce } from '../src/jobs/job-payloads.ts';
import { createSchool, type School } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { tripsApi } from './trips-helper.ts';

/** A real glider flight of the track corpus (bench/corpus/tracks/README.md: source and licence): an aerotow launch and one landing. */
const gliderIgc = gunzipSync(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../bench/corpus/tracks/xiadz-igc-lib/olsztyn.igc.gz')),
);

describe('aircraft categories: the API, and a glider flight analysed by glider rules onto the student’s record', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const trips = tripsApi(() => t, s);
  let school: School;

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Category Soaring Club');
  });
  afterAll(async () => t.close());

  it('stores a category from the 14 CFR 1.1 list on create and edit, and clears it with null', async () => {
    const created = await s.call(school.owner, 'POST', '/api/aircraft', { tail_number: 'D-KXYZ', type: 'ASG 29E', category: 'glider' });
    expect(created.statusCode, created.body).toBe(201);
    const plane = aircraftSchema.parse(created.json());
    expect(plane.category).toBe('glider');
    const edited = await s.call(school.owner, 'PATCH', `/api/aircraft/${plane.id}`, { category: 'helicopter' });
    expect(edited.json()).toMatchObject({ category: 'helicopter', type: 'ASG 29E' });
    const untouched = await s.call(school.owner, 'PATCH', `/api/aircraft/${plane.id}`, { notes: 'Winch only' });
    expect(untouched.json()).toMatchObject({ category: 'helicopter', notes: 'Winch only' });
    const cleared = await s.call(school.owner, 'PATCH', `/api/aircraft/${plane.id}`, { category: null });
    expect(cleared.json().category).toBeNull();
    const withoutOne = await s.call(school.owner, 'POST', '/api/aircraft', { tail_number: 'N100NC' });
    expect(withoutOne.json().category).toBeNull();
  });

  it('refuses an unknown category with 400 naming the field, on create and on edit, changing nothing', async () => {
    const message = `Category must be one of: ${aircraftCategories.join(', ')}`;
    const created = await s.call(school.owner, 'POST', '/api/aircraft', { tail_number: 'N200UC', category: 'blimp' });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual({ category: message });
    const plane = aircraftSchema.parse(
      (await s.call(school.owner, 'POST', '/api/aircraft', { tail_number: 'N201UC', category: 'airplane' })).json(),
    );
    for (const category of ['Glider', 'rotorcraft', 7]) {
      const edited = await s.call(school.owner, 'PATCH', `/api/aircraft/${plane.id}`, { category });
      expect(edited.statusCode, String(category)).toBe(400);
      expect(edited.json().fields).toEqual({ category: message });
    }
    expect((await s.call(school.owner, 'GET', `/api/aircraft/${plane.id}`)).json().category).toBe('airplane');
  });

  it('analyses a glider flight by glider rules once the aircraft says glider: one launch, one landing, and the record counts one', async () => {
    const student = await school.addPerson('student');
    const glider = aircraftSchema.parse(
      (await s.call(school.owner, 'POST', '/api/aircraft', { tail_number: 'SP-3456', type: 'ASW 28' })).json(),
    );
    const imported = await trips.importFile(school.owner, 'olsztyn.igc', gliderIgc, `&aircraft_id=${glider.id}&left_seat=${student.id}`);
    expect(imported.statusCode, imported.body).toBe(201);
    const tripId = imported.json().trip_id as string;
    const analysis = async () => {
      await t.ctx.jobs.drain();
      const response = await s.call(school.owner, 'GET', `/api/trips/${tripId}/analysis`);
      expect(response.statusCode, response.body).toBe(200);
      return tripAnalysisSchema.parse(response.json()).analysis!;
    };

    // Nobody said what it is: airplane rules, and the analysis says so.
    expect((await analysis()).limitations).toContain(messages.analysisNoCategory);

    expect((await s.call(school.owner, 'PATCH', `/api/aircraft/${glider.id}`, { category: 'glider' })).statusCode).toBe(200);
    const byGliderRules = await analysis();
    expect(byGliderRules.limitations).not.toContain(messages.analysisNoCategory);
    expect(byGliderRules.landings.map((landing) => landing.kind)).toEqual(['full_stop']);
    expect(byGliderRules.stats).toMatchObject({ landings: 1, go_arounds: 0 });
    // Thermalling and the final glide are flying, not rolls on a runway: one take-off roll (the tow), one landing.
    const phases = byGliderRules.phases.map((segment) => segment.phase);
    expect(phases.filter((phase) => phase === 'takeoff_roll')).toHaveLength(1);
    expect(phases.filter((phase) => phase === 'landing' || phase === 'touch_and_go')).toHaveLength(1);

    const record = await s.call(school.owner, 'GET', `/api/users/${student.id}/training-record?timezone=UTC`);
    expect(record.statusCode, record.body).toBe(200);
    expect(trainingRecordSchema.parse(record.json()).totals).toMatchObject({ flights: 1, landings: 1, full_stop_landings: 1 });

    // An analysis stored by older rules is made again by the start-up job.
    await t.ctx.db
      .update(tripsTable)
      .set({ flightAnalysis: sql`jsonb_set(${tripsTable.flightAnalysis}, '{version}', '1')` })
      .where(eq(tripsTable.id, tripId));
    await enqueueJobOnce(t.ctx.db, 'analysis.requeue-stale', {});
    expect((await analysis()).version).toBe(analysisVersion);
  });

  it('analyses an aircraft’s flights again when its call sign or tail number changes: they say which radio calls were its own', async () => {
    const plane = aircraftSchema.parse(
      (await s.call(school.owner, 'POST', '/api/aircraft', { tail_number: 'N612SK', type: 'C172S', category: 'airplane' })).json(),
    );
    const imported = await trips.importFile(school.owner, 'olsztyn.igc', gliderIgc, `&aircraft_id=${plane.id}`);
    expect(imported.statusCode, imported.body).toBe(201);
    const tripId = imported.json().trip_id as string;
    await t.ctx.jobs.drain();
    const status = async () =>
      (await t.ctx.db.select({ status: tripsTable.aiStatus }).from(tripsTable).where(eq(tripsTable.id, tripId)))[0]!.status;
    expect(await status()).not.toBe('queued');

    expect((await s.call(school.owner, 'PATCH', `/api/aircraft/${plane.id}`, { notes: 'Hangar 3' })).statusCode).toBe(200);
    expect(await status()).not.toBe('queued');
    expect((await s.call(school.owner, 'PATCH', `/api/aircraft/${plane.id}`, { call_sign: 'Skyline 612' })).statusCode).toBe(200);
    expect(await status()).toBe('queued');
    await t.ctx.jobs.drain();
    expect((await s.call(school.owner, 'PATCH', `/api/aircraft/${plane.id}`, { tail_number: 'N613SK' })).statusCode).toBe(200);
    expect(await status()).toBe('queued');
  });
});
