import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  accountMessages,
  endorsementListSchema,
  endorsementSchema,
  logbookEntrySchema,
  logbookListSchema,
  logbookSummarySchema,
  logbookVerificationSchema,
  messages,
  signingQueueSchema,
  studentsCurrencySchema,
  totpFactorCreatedSchema,
  tripLogbookEntriesSchema,
  type FlightAnalysis,
  type LogbookEntry,
  logbookMessages,
} from '@skylog/contracts';
import { analysisVersion } from '@skylog/flight-analysis';
import { addDays } from '@skylog/logbook';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillLogbookFromFlight } from '../src/modules/logbook/logbook.service.ts';
import { createSchool, type School } from './factories.ts';
import { cookiesOf, createTestApp, query, type TestApp } from './helper.ts';
import { keyOfTotpUri, totpCode } from './support/totp.ts';
import { personPassword, sessions } from './people-helper.ts';
import { readPdf } from './support/pdf.ts';
import { straightTrack, tripsApi } from './trips-helper.ts';

/**
 * The pilot's logbook through the API (docs/product.md "Logbook"): entries made from a real recorded flight,
 * edits that void an instructor's signature until undone, the signature chain, endorsements, currency and
 * progress, and who may do what.
 */

const corpus = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../bench/corpus/tracks');
/** A real C152 flight from St. Louis Downtown (KCPS) to Salem (KSLO), 56 nm (bench/corpus/tracks/README.md: source and licence). */
const crossCountryCsv = gunzipSync(readFileSync(path.join(corpus, 'a-windisch-flight-trajectories/C152_N53398_KCPS_to_KSLO_2017-10-29.csv.gz')));
/** A real DA20 flight from Spirit of St. Louis (KSUS) to landings 17 nm away, back before civil dusk. */
const localCsv = gunzipSync(readFileSync(path.join(corpus, 'a-windisch-flight-trajectories/DA20-C1_N107TX_KSUS_to_KFYG_2018-10-15.csv.gz')));

const certificate = { certificate_number: '3456789CFI', certificate_expires: '2099-12-31' };

describe('the logbook', () => {
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
  let crossCountryTrip = '';
  let localTrip = '';

  async function entriesOfTrip(viewer: string, tripId: string): Promise<LogbookEntry[]> {
    const response = await s.call(viewer, 'GET', `/api/trips/${tripId}/logbook-entries`);
    expect(response.statusCode, response.body).toBe(200);
    return tripLogbookEntriesSchema.parse(response.json()).items;
  }

  const entryOf = async (viewer: string, tripId: string, pilotId: string) => {
    const entry = (await entriesOfTrip(viewer, tripId)).find((candidate) => candidate.pilot.skylog_id === pilotId);
    if (!entry) throw new Error(`no entry of ${pilotId} on ${tripId}`);
    return entry;
  };

  const sign = (viewer: string, entryId: string, body: Record<string, unknown> = { password: personPassword, ...certificate }) =>
    s.call(viewer, 'POST', `/api/logbook/${entryId}/signature`, body);

  const edit = (viewer: string, entryId: string, body: Record<string, unknown>) => s.call(viewer, 'PATCH', `/api/logbook/${entryId}`, body);

  type Event = { time: number; latitude: number; longitude: number };

  /** A flight's analysis as the analysis job stores it, with one take-off and one full-stop landing where given, and its entries made from it. */
  async function storeAnalysis(tripId: string, takeoff: Event, landing: Event) {
    const analysis: FlightAnalysis = {
      version: analysisVersion,
      computed_at: new Date().toISOString(),
      phases: [],
      takeoffs: [takeoff],
      landings: [
        {
          kind: 'full_stop',
          touchdown_time: landing.time,
          latitude: landing.latitude,
          longitude: landing.longitude,
          ground_speed_kt: 50,
          float_s: null,
          descent_rate_fpm: null,
          field_elevation_ft: 0,
        },
      ],
      moments: [],
      readbacks: [],
      acs_evidence: [],
      limitations: [],
      stats: { max_altitude_ft: null, max_ground_speed_kt: null, max_bank_deg: null, landings: 1, go_arounds: 0 },
    };
    // After the flight's own analysis job (which found nothing on a straight test track), as the job would.
    await t.ctx.jobs.drain();
    await query(t, sql`update trips set flight_analysis = ${JSON.stringify(analysis)}::jsonb where id = ${tripId}`);
    await t.ctx.db.transaction((tx) => fillLogbookFromFlight(tx, tripId));
  }

  async function importFlight(file: string, csv: Buffer, crew: { left_seat: string; right_seat?: string }) {
    const seats = Object.entries(crew)
      .map(([seat, id]) => `&${seat}=${id}`)
      .join('');
    const imported = await trips.importFile(school.owner, file, csv, seats);
    expect(imported.statusCode, imported.body).toBe(201);
    await t.ctx.jobs.drain();
    return imported.json().trip_id as string;
  }

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t, s, 'Logbook Flight School');
    who.instructor = await school.addPerson('instructor');
    who.otherInstructor = await school.addPerson('instructor');
    who.student = await school.addPerson('student');
    who.classmate = await school.addPerson('student');
    const linked = await s.call(school.owner, 'POST', '/api/student-instructor', [{ instructor: who.instructor.id, student: who.student.id }]);
    expect(linked.statusCode, linked.body).toBe(204);
    s.remember(who.instructor.email, personPassword);
    crossCountryTrip = await importFlight('C152_N53398_KCPS_to_KSLO.csv', crossCountryCsv, { left_seat: who.student.id, right_seat: who.instructor.id });
    localTrip = await importFlight('DA20_N107TX_KSUS.csv', localCsv, { left_seat: who.student.id });
  });
  afterAll(async () => t.close());

  it('makes an entry for each pilot aboard from the flight itself: times, route airports and cross-country by 61.1(b)(3)(ii)', async () => {
    const entries = await entriesOfTrip(who.instructor.email, crossCountryTrip);
    expect(entries.map((entry) => entry.pilot.skylog_id).sort()).toEqual([who.instructor.id, who.student.id].sort());
    const student = entries.find((entry) => entry.pilot.skylog_id === who.student.id)!;
    const instructor = entries.find((entry) => entry.pilot.skylog_id === who.instructor.id)!;
    expect(student.source).toBe('flight');
    expect(student.total_hours).toBeGreaterThan(0.4);
    expect(student.block_hours!).toBeGreaterThanOrEqual(student.total_hours);
    // 14 CFR 61.51: dual received for the student with the instructor aboard; PIC and dual given for the instructor.
    expect(student).toMatchObject({ dual_received_hours: student.total_hours, pic_hours: 0, solo_hours: 0 });
    expect(instructor).toMatchObject({ pic_hours: instructor.total_hours, dual_given_hours: instructor.total_hours, dual_received_hours: 0 });
    expect(student.route[0]?.airport).toBe('KCPS');
    expect(student.route.map((point) => point.airport)).toContain('KSLO');
    expect(student.cross_country_hours).toBe(student.total_hours);
    expect(student.night_hours).toBe(0);
    expect(student.from_track).toEqual(expect.arrayContaining(['total_hours', 'route', 'cross_country_hours', 'dual_received_hours']));
    // What a GPS cannot tell is the pilot's to type.
    expect(student.from_track).not.toContain('actual_instrument_hours');
    expect(student.signature).toBeNull();
  });

  it('logs the DA20 flight solo, not cross-country (its landings were 17 nm away), and by day though it ended at dusk', async () => {
    const entry = await entryOf(who.student.email, localTrip, who.student.id);
    expect(entry).toMatchObject({ pic_hours: entry.total_hours, solo_hours: entry.total_hours, dual_received_hours: 0, cross_country_hours: 0 });
    expect(entry.route[0]?.airport).toBe('KSUS');
    expect(entry.night_hours).toBe(0);
    expect(entry.night_full_stop_landings).toBe(0);
    expect(entry.landings).toBeGreaterThan(0);
  });

  it('keeps a typed value over the track and gives it back on request, auditing every change', async () => {
    const entry = await entryOf(who.student.email, localTrip, who.student.id);
    const typed = await edit(who.student.email, entry.id, { remarks: 'Crosswind practice', holds: 1, actual_instrument_hours: 0.2 });
    expect(typed.statusCode, typed.body).toBe(200);
    const lowered = await edit(who.student.email, entry.id, { total_hours: Math.round((entry.total_hours - 0.1) * 10) / 10, pic_hours: 0, solo_hours: 0 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(logbookEntrySchema.parse(lowered.json()).from_track).not.toContain('total_hours');
    const restored = await edit(who.student.email, entry.id, { restore_from_track: ['total_hours', 'pic_hours', 'solo_hours'] });
    expect(restored.statusCode, restored.body).toBe(200);
    const back = logbookEntrySchema.parse(restored.json());
    expect(back.total_hours).toBe(entry.total_hours);
    expect(back.from_track).toContain('total_hours');
    expect(back.remarks).toBe('Crosswind practice');
    const audit = await query<{ details: { changes: Record<string, { from: unknown; to: unknown }> } }>(
      t,
      sql`select details from audit_log where action = 'logbook.edit' and resource = ${`logbook/${entry.id}`} order by id`,
    );
    expect(audit.map((row) => Object.keys(row.details.changes).sort())).toEqual([
      ['actual_instrument_hours', 'holds', 'remarks'],
      ['pic_hours', 'solo_hours', 'total_hours'],
      ['pic_hours', 'solo_hours', 'total_hours'],
    ]);
  });

  it('refuses an entry logging more than the flight lasted, or a part longer than its total, with 400 naming the field', async () => {
    const entry = await entryOf(who.student.email, localTrip, who.student.id);
    const tooLong = await edit(who.student.email, entry.id, { total_hours: 20, pic_hours: 20, solo_hours: 20 });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().fields)).toEqual(['total_hours']);
    const partTooLong = await edit(who.student.email, entry.id, { night_hours: entry.total_hours + 1 });
    expect(partTooLong.statusCode).toBe(400);
    expect(partTooLong.json().fields.night_hours).toMatch(/^Night cannot be more than the total time/);
    const negative = await edit(who.student.email, entry.id, { holds: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields).toEqual({ holds: 'Holds cannot be negative' });
    expect((await entryOf(who.student.email, localTrip, who.student.id)).total_hours).toBe(entry.total_hours);
  });

  it("is signed only by the student's own instructor, after their password: another instructor, a student or no password is 403", async () => {
    const entry = await entryOf(who.instructor.email, crossCountryTrip, who.student.id);
    expect(entry.can_sign).toBe(true);
    s.remember(who.otherInstructor.email, personPassword);
    const stranger = await sign(who.otherInstructor.email, entry.id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(logbookMessages.signNotInstructor);
    expect((await sign(who.student.email, entry.id)).statusCode).toBe(403);
    const noPassword = await sign(who.instructor.email, entry.id, certificate);
    expect(noPassword.statusCode).toBe(403);
    expect(noPassword.json().fields).toEqual({ password: logbookMessages.signNeedsReauthentication });
    const wrongPassword = await sign(who.instructor.email, entry.id, { password: 'not-the-password', ...certificate });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().fields).toEqual({ password: messages.wrongPassword });
    const expired = await sign(who.instructor.email, entry.id, { password: personPassword, ...certificate, certificate_expires: '2020-01-31' });
    expect(expired.statusCode).toBe(400);
    expect(Object.keys(expired.json().fields)).toEqual(['certificate_expires']);
    expect((await entryOf(who.instructor.email, crossCountryTrip, who.student.id)).signature).toBeNull();
  });

  it('marks a signed entry "Signature no longer valid" when a signed field changes, and valid again when the change is undone', async () => {
    const entry = await entryOf(who.instructor.email, crossCountryTrip, who.student.id);
    const signed = await sign(who.instructor.email, entry.id);
    expect(signed.statusCode, signed.body).toBe(200);
    const signature = logbookEntrySchema.parse(signed.json()).signature!;
    expect(signature).toMatchObject({ status: 'valid', instructor_id: who.instructor.id, method: 'password', ...certificate, changed_fields: [] });
    expect(signature.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await sign(who.instructor.email, entry.id)).statusCode).toBe(409);

    const changed = await edit(who.student.email, entry.id, { total_hours: Math.round((entry.total_hours - 0.1) * 10) / 10, dual_received_hours: 0, cross_country_hours: 0 });
    expect(changed.statusCode, changed.body).toBe(200);
    const voided = logbookEntrySchema.parse(changed.json()).signature!;
    expect(voided.status).toBe('invalid');
    expect(voided.changed_fields.sort()).toEqual(['cross_country_hours', 'dual_received_hours', 'total_hours']);
    const verification = logbookVerificationSchema.parse((await s.call(who.student.email, 'GET', `/api/users/${who.student.id}/logbook/verification`)).json());
    expect(verification.invalid_entries.map((invalid) => invalid.entry_id)).toEqual([entry.id]);
    expect(verification.chain.valid).toBe(true);

    const undone = await edit(who.student.email, entry.id, { total_hours: entry.total_hours, dual_received_hours: entry.dual_received_hours, cross_country_hours: entry.cross_country_hours });
    expect(logbookEntrySchema.parse(undone.json()).signature).toMatchObject({ status: 'valid', changed_fields: [] });
  });

  it("chains a student's signatures so that a deleted signed entry breaks the chain's verification", async () => {
    const created = await s.call(who.student.email, 'POST', `/api/users/${who.student.id}/logbook`, {
      date: '2026-10-01',
      category_class: 'airplane single-engine land',
      total_hours: 1.2,
      dual_received_hours: 1.2,
      aircraft_identification: 'N53398',
      remarks: 'Ground reference maneuvers',
    });
    expect(created.statusCode, created.body).toBe(201);
    const manual = logbookEntrySchema.parse(created.json());
    expect(manual.source).toBe('manual');
    expect((await sign(who.instructor.email, manual.id)).statusCode).toBe(200);
    const before = logbookVerificationSchema.parse((await s.call(who.instructor.email, 'GET', `/api/users/${who.student.id}/logbook/verification`)).json());
    expect(before).toMatchObject({ signatures: 2, chain: { valid: true, break: null } });

    expect((await s.call(who.student.email, 'DELETE', `/api/logbook/${manual.id}`)).statusCode).toBe(204);
    const after = logbookVerificationSchema.parse((await s.call(who.instructor.email, 'GET', `/api/users/${who.student.id}/logbook/verification`)).json());
    expect(after.chain.valid).toBe(false);
    expect(after.chain.break).toMatchObject({ index: 1, entry_id: manual.id, reason: 'deleted' });
    expect(after.chain.break!.message).toBe('A signed entry was deleted (signed for 2026-10-01).');
    // The chain itself is append-only: not even the database's owner of the rows may rewrite it through the app.
    await expect(query(t, sql`delete from logbook_chain where entry_id = ${manual.id}`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
    expect(await query(t, sql`select 1 from logbook_chain where entry_id = ${manual.id}`)).toHaveLength(1);
  });

  it('lists the logbook with page totals, the amount forwarded and the total to date, and filters what awaits a signature', async () => {
    const page = logbookListSchema.parse((await s.call(who.student.email, 'GET', `/api/users/${who.student.id}/logbook?page_size=1&page=1`)).json());
    const all = logbookListSchema.parse((await s.call(who.student.email, 'GET', `/api/users/${who.student.id}/logbook?page_size=50`)).json());
    expect(page.total).toBe(all.total);
    expect(page.brought_forward.total_hours).toBe(all.items[0]!.total_hours);
    expect(page.page_totals.total_hours).toBe(all.items[1]!.total_hours);
    expect(page.to_date.total_hours).toBeCloseTo(all.items[0]!.total_hours + all.items[1]!.total_hours, 5);
    const awaiting = logbookListSchema.parse((await s.call(who.student.email, 'GET', `/api/users/${who.student.id}/logbook?unsigned=true`)).json());
    expect(awaiting.items.every((entry) => entry.signature === null || entry.signature.status === 'invalid')).toBe(true);
    expect(awaiting.items.map((entry) => entry.trip_id)).toContain(localTrip);
  });

  it('shows a student’s logbook to them, their instructor and their admins, and to no classmate; admins read but do not edit', async () => {
    expect((await s.call(who.classmate.email, 'GET', `/api/users/${who.student.id}/logbook`)).statusCode).toBe(404);
    expect((await s.call(school.owner, 'GET', `/api/users/${who.student.id}/logbook`)).statusCode).toBe(200);
    const entry = await entryOf(school.owner, localTrip, who.student.id);
    expect(entry).toMatchObject({ can_edit: false, can_sign: false });
    expect((await edit(school.owner, entry.id, { remarks: 'Admin note' })).statusCode).toBe(403);
    const otherSchool = await createSchool(t, s, 'Elsewhere Aero');
    expect((await s.call(otherSchool.owner, 'GET', `/api/logbook/${entry.id}`)).statusCode).toBe(404);
  });

  it('gives endorsements from the AC 61-65 texts, expiring where the rule says, and answers a student’s request', async () => {
    const asked = await s.call(who.student.email, 'POST', `/api/users/${who.student.id}/endorsement-requests`, { kind: 'solo', note: 'Ready for my first solo' });
    expect(asked.statusCode, asked.body).toBe(201);
    const queue = signingQueueSchema.parse((await s.call(who.instructor.email, 'GET', '/api/logbook/signing-queue')).json());
    const request = queue.endorsement_requests.find((candidate) => candidate.id === asked.json().id)!;
    expect(request).toMatchObject({ kind: 'solo', title: 'Solo flight (first 90 days)', student: { skylog_id: who.student.id } });

    const noAircraft = await s.call(who.instructor.email, 'POST', `/api/users/${who.student.id}/endorsements`, { kind: 'solo', password: personPassword, ...certificate });
    expect(noAircraft.statusCode).toBe(400);
    expect(noAircraft.json().fields).toEqual({ aircraft_make_model: logbookMessages.endorsementNeedsAircraft });
    const given = await s.call(who.instructor.email, 'POST', `/api/users/${who.student.id}/endorsements`, {
      kind: 'solo',
      aircraft_make_model: 'Cessna 152',
      request_id: request.id,
      password: personPassword,
      ...certificate,
    });
    expect(given.statusCode, given.body).toBe(201);
    const endorsement = endorsementSchema.parse(given.json());
    const today = new Date().toISOString().slice(0, 10);
    expect(endorsement).toMatchObject({ regulation: '14 CFR 61.87(n)', expires_on: addDays(today, 90), current: true, signature_valid: true });
    expect(endorsement.text).toContain('Cessna 152');
    const list = endorsementListSchema.parse((await s.call(who.student.email, 'GET', `/api/users/${who.student.id}/endorsements`)).json());
    expect(list.items.map((item) => item.id)).toEqual([endorsement.id]);
    expect(list.requests).toEqual([]);
    // Not editable, even by the database's app role.
    await expect(query(t, sql`update endorsements set text = 'Anything' where id = ${endorsement.id}`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/cannot be changed once signed/) },
    });
    const summary = logbookSummarySchema.parse((await s.call(who.student.email, 'GET', `/api/users/${who.student.id}/logbook/summary`)).json());
    expect(summary.solo_endorsement).toEqual({ endorsement_id: endorsement.id, expires_on: addDays(today, 90), current: true });
    const students = studentsCurrencySchema.parse((await s.call(who.instructor.email, 'GET', `/api/users/${who.instructor.id}/students-currency`)).json());
    expect(students.items.find((item) => item.student.skylog_id === who.student.id)?.solo_endorsement?.expires_on).toBe(addDays(today, 90));
  });

  it('says passenger currency lapses the day after the 90th day (61.57(a)), read on the day before and after', async () => {
    const pilot = await school.addPerson('instructor');
    for (const date of ['2026-03-01', '2026-03-10']) {
      const made = await s.call(pilot.email, 'POST', `/api/users/${pilot.id}/logbook`, {
        date,
        category_class: 'airplane single-engine land',
        total_hours: 1,
        pic_hours: 1,
        day_takeoffs: 2,
        day_full_stop_landings: 2,
        landings: 2,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const read = async (asOf: string) =>
      logbookSummarySchema.parse((await s.call(pilot.email, 'GET', `/api/users/${pilot.id}/logbook/summary?as_of=${asOf}`)).json()).currency.find((item) => item.rule === '61.57(a)')!;
    // Three take-offs and landings within 90 days need the flight of 1 March too: current through 30 May (1 March + 90 days).
    expect(await read('2026-05-30')).toMatchObject({ current: true, current_through: '2026-05-30', lapses_on: '2026-05-31' });
    expect(await read('2026-05-31')).toMatchObject({ current: false, lapses_on: '2026-05-31' });
  });

  it("counts a constructed student record toward 61.109(a) and says what is missing in words", async () => {
    const student = await school.addPerson('student');
    const entries = [
      { date: '2026-05-01', total_hours: 1.5, dual_received_hours: 1.5, night_hours: 1.5, night_takeoffs: 4, night_full_stop_landings: 4, landings: 4 },
      { date: '2026-05-08', total_hours: 2, solo_hours: 2, pic_hours: 2, day_takeoffs: 3, day_full_stop_landings: 3, landings: 3 },
    ];
    for (const entry of entries) {
      const made = await s.call(student.email, 'POST', `/api/users/${student.id}/logbook`, { category_class: 'airplane single-engine land', ...entry });
      expect(made.statusCode, made.body).toBe(201);
    }
    const summary = logbookSummarySchema.parse((await s.call(student.email, 'GET', `/api/users/${student.id}/logbook/summary?as_of=2026-06-01`)).json());
    const [privatePilot] = summary.progress;
    expect(privatePilot).toMatchObject({ regulation: '14 CFR 61.109(a)', met: false });
    const missing = privatePilot!.requirements.map((requirement) => requirement.missing);
    expect(missing).toContain('3.5 of 40 hours total');
    expect(missing).toContain('4 of 10 night take-offs and full-stop landings');
    expect(summary.totals).toMatchObject({ entries: 2, total_hours: 3.5, night_hours: 1.5 });
  });

  it.each(['foreflight', 'myflightbook'] as const)('exports the logbook as %s CSV and imports it into another pilot’s logbook with the same content', async (layout) => {
    const exported = await s.call(who.student.email, 'GET', `/api/users/${who.student.id}/logbook.csv?layout=${layout}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    const original = logbookListSchema.parse((await s.call(who.student.email, 'GET', `/api/users/${who.student.id}/logbook?page_size=200`)).json()).items;
    const pilot = await school.addPerson('instructor');
    const imported = await s.call(pilot.email, 'POST', `/api/users/${pilot.id}/logbook/import`, { layout, csv: exported.body });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ imported: original.length, skipped_duplicates: 0 });
    const copy = logbookListSchema.parse((await s.call(pilot.email, 'GET', `/api/users/${pilot.id}/logbook?page_size=200`)).json()).items;
    const carried = (entry: LogbookEntry) => ({
      date: entry.date,
      aircraft: entry.aircraft_identification,
      total: entry.total_hours,
      times: [entry.pic_hours, entry.solo_hours, entry.dual_received_hours, entry.cross_country_hours, entry.night_hours, entry.actual_instrument_hours],
      landings: [entry.day_full_stop_landings, entry.night_full_stop_landings, entry.landings],
      route: entry.route.map((point) => point.airport),
      remarks: entry.remarks,
    });
    expect(copy.map(carried)).toEqual(original.map(carried));
    // A signature travels as a note, never as a Skylog signature.
    expect(copy.every((entry) => entry.signature === null && entry.source === 'import')).toBe(true);
    expect(copy.some((entry) => entry.imported_attestation?.includes('Iris') || entry.imported_attestation?.includes('Signed'))).toBe(true);
    // The same file again adds nothing.
    const again = await s.call(pilot.email, 'POST', `/api/users/${pilot.id}/logbook/import`, { layout, csv: exported.body });
    expect(again.json()).toEqual({ imported: 0, skipped_duplicates: original.length });
  });

  it('refuses a CSV with an unknown column, a bad date or a negative time whole, with a report per row, importing nothing', async () => {
    const pilot = await school.addPerson('instructor');
    const csv = [
      'Date,Model,Tail Number,Category/Class,Total Flight Time,PIC,Landings,Comments,Favourite Colour',
      '2026-03-01,C172,N1,ASEL,1.2,1.2,1,Fine,Blue',
      '2026-13-45,C172,N1,ASEL,1.0,1.0,1,Bad date,Red',
      '2026-03-03,C172,N1,ASEL,-1.0,0,1,Negative,Green',
    ].join('\n');
    const refused = await s.call(pilot.email, 'POST', `/api/users/${pilot.id}/logbook/import`, { layout: 'myflightbook', csv });
    expect(refused.statusCode).toBe(400);
    const body = refused.json();
    expect(body.message).toBe(logbookMessages.logbookImportRefused);
    expect(body.rows.map((row: { row: number }) => row.row)).toEqual([1, 3, 4]);
    expect(body.rows[0].message).toContain('Favourite Colour');
    expect(body.rows[1].field).toBe('date');
    expect(body.rows[2].field).toBe('total_hours');
    const list = logbookListSchema.parse((await s.call(pilot.email, 'GET', `/api/users/${pilot.id}/logbook`)).json());
    expect(list.total).toBe(0);
  });

  it('prints the logbook in the US and EASA layouts with each signature’s state and the chain’s check on every page', async () => {
    const entry = await entryOf(who.student.email, crossCountryTrip, who.student.id);
    const changed = await edit(who.student.email, entry.id, { remarks: 'Changed after signing' });
    expect(logbookEntrySchema.parse(changed.json()).signature?.status).toBe('invalid');
    for (const layout of ['us', 'easa']) {
      const printed = await s.call(who.instructor.email, 'GET', `/api/users/${who.student.id}/logbook.pdf?layout=${layout}&timezone=America/Chicago`);
      expect(printed.statusCode, printed.body.slice(0, 200)).toBe(200);
      expect(printed.headers['content-type']).toBe('application/pdf');
      const pdf = await readPdf(printed.rawPayload);
      expect(pdf.text).toContain(logbookMessages.signatureNoLongerValid);
      for (const page of pdf.pageTexts) expect(page).toMatch(/Signatures checked/);
    }
    expect((await s.call(who.student.email, 'GET', `/api/users/${who.student.id}/logbook.pdf?timezone=Mars/Olympus`)).statusCode).toBe(400);
    await edit(who.student.email, entry.id, { remarks: entry.remarks });
  });

  /**
   * Night by the sun at the aircraft's position, on flights whose take-off and landing the analysis found (stored
   * here as the analysis job stores them). Sun times from an almanac: 52°N 0° on 15 January 2026, sunset 16:18 and
   * end of civil twilight 16:57 UTC; 34°N 118°W on 2 March 2026, civil dawn 13:54 and sunrise 14:19 UTC; 69.7°N
   * 18.9°E (Tromsø) on 21 June 2026, the midnight sun.
   */
  it.each([
    { place: '52°N, crossing sunset', latitude: 52, longitude: 0, takeoff: '2026-01-15T16:05:00Z', landing: '2026-01-15T17:50:00Z', night: 0.9, nightTakeoffs: 0, nightLandings: 1 },
    { place: '34°N, crossing sunrise', latitude: 34, longitude: -118, takeoff: '2026-03-02T13:05:00Z', landing: '2026-03-02T14:35:00Z', night: 0.8, nightTakeoffs: 1, nightLandings: 0 },
    { place: '69.7°N, midnight sun', latitude: 69.68, longitude: 18.9, takeoff: '2026-06-21T22:35:00Z', landing: '2026-06-22T00:25:00Z', night: 0, nightTakeoffs: 0, nightLandings: 0 },
  ])('logs night time and night take-offs and landings at $place (14 CFR 1.1, 61.57(b))', async (flight) => {
    const takeoff = Date.parse(flight.takeoff);
    const landing = Date.parse(flight.landing);
    const start = takeoff - 5 * 60_000;
    const minutes = Math.round((landing - start) / 60_000) + 5;
    const trip = await trips.create(school.owner, {
      trip_name: `Night check ${flight.place}`,
      points: straightTrack({ start, count: minutes + 1, stepMs: 60_000, latitude: flight.latitude, longitude: flight.longitude, latitudeStep: 0.0002 }),
      left_seat: who.student.id,
      right_seat: who.instructor.id,
    });
    const place = { latitude: flight.latitude, longitude: flight.longitude };
    await storeAnalysis(trip.trip_id, { time: takeoff, ...place }, { time: landing, ...place });
    const entry = await entryOf(who.student.email, trip.trip_id, who.student.id);
    expect(entry.total_hours).toBe(Math.round((landing - takeoff) / 360_000) / 10);
    expect(entry.night_hours).toBe(flight.night);
    expect({ night: entry.night_takeoffs, day: entry.day_takeoffs }).toEqual({ night: flight.nightTakeoffs, day: 1 - flight.nightTakeoffs });
    expect({ night: entry.night_full_stop_landings, day: entry.day_full_stop_landings }).toEqual({ night: flight.nightLandings, day: 1 - flight.nightLandings });
  });

  /**
   * Cross-country by 14 CFR 61.1(b)(3)(ii): a landing more than 50 nm in a straight line from the departure point.
   * A degree of latitude is 60 nm: the track flies 1° north (60 nm) and either lands there or comes back home.
   */
  it.each([
    { case: 'a landing 60 nm away', landsAway: true, crossCountry: true },
    { case: 'a 60-nm flight back to the departure without landing elsewhere', landsAway: false, crossCountry: false },
  ])('counts cross-country time for $case: $crossCountry', async ({ landsAway, crossCountry }) => {
    const start = Date.parse('2026-04-10T15:00:00Z');
    const home = { latitude: 40, longitude: -100 };
    const away = { latitude: 41, longitude: -100 };
    const out = straightTrack({ start, count: 61, stepMs: 60_000, ...home, latitudeStep: 1 / 60 });
    const back = landsAway ? [] : straightTrack({ start: start + 61 * 60_000, count: 61, stepMs: 60_000, ...away, latitudeStep: -1 / 60 });
    const points = [...out, ...back];
    const trip = await trips.create(school.owner, { trip_name: `Cross-country check ${landsAway}`, points, left_seat: who.student.id, right_seat: who.instructor.id });
    const touchdown = points.at(-1)!;
    await storeAnalysis(trip.trip_id, { time: start, ...home }, { time: touchdown.timestamp, latitude: touchdown.latitude, longitude: touchdown.longitude });
    const entry = await entryOf(who.student.email, trip.trip_id, who.student.id);
    expect(entry.total_hours).toBe(landsAway ? 1 : 2);
    expect(entry.cross_country_hours).toBe(crossCountry ? entry.total_hours : 0);
  });

  it('takes a code of the instructor’s authenticator app instead of the password, each code once (RFC 6238 §5.2)', async () => {
    const instructor = await school.addPerson('instructor');
    const student = await school.addPerson('student');
    const linked = await s.call(school.owner, 'POST', '/api/student-instructor', [{ instructor: instructor.id, student: student.id }]);
    expect(linked.statusCode, linked.body).toBe(204);
    // The instructor adds an authenticator app (password first, then its first code), as Account security does.
    let cookie = await t.signIn(instructor.email, personPassword);
    const created = await t.request({ method: 'POST', url: '/api/factors', cookie, payload: { friendly_name: 'Phone', factor_type: 'totp', password: personPassword } });
    expect(created.statusCode, created.body).toBe(201);
    const factor = totpFactorCreatedSchema.parse(created.json());
    const key = keyOfTotpUri(factor.totp_uri);
    const verified = await t.request({ method: 'POST', url: `/api/factors/${factor.id}/verify`, cookie, payload: { code: totpCode(key) } });
    expect(verified.statusCode, verified.body).toBe(200);
    cookie = cookiesOf(verified);
    const entries = [];
    for (const date of ['2026-09-01', '2026-09-02']) {
      const made = await s.call(student.email, 'POST', `/api/users/${student.id}/logbook`, { date, category_class: 'airplane single-engine land', total_hours: 1, dual_received_hours: 1 });
      entries.push(logbookEntrySchema.parse(made.json()));
    }
    const signWithCode = (entryId: string, code: string) =>
      t.request({ method: 'POST', url: `/api/logbook/${entryId}/signature`, cookie, payload: { code, ...certificate } });

    const wrong = await signWithCode(entries[0]!.id, totpCode(key, 5));
    expect(wrong.statusCode).toBe(403);
    expect(Object.keys(wrong.json().fields)).toEqual(['code']);
    // A code one step early or late is taken too (clock drift); the one used to confirm the app is not taken again.
    const code = totpCode(key, 1) === totpCode(key) ? totpCode(key, -1) : totpCode(key, 1);
    const signed = await signWithCode(entries[0]!.id, code);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(logbookEntrySchema.parse(signed.json()).signature).toMatchObject({ method: 'authenticator', status: 'valid', instructor_id: instructor.id });
    const replayed = await signWithCode(entries[1]!.id, code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().fields).toEqual({ code: accountMessages.twoFactorCodeReused });
    expect(logbookEntrySchema.parse((await s.call(student.email, 'GET', `/api/logbook/${entries[1]!.id}`)).json()).signature).toBeNull();
  });
});
