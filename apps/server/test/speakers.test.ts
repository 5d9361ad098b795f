import { auditListSchema, messages, speakersSchema } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { straightTrack, tripsApi } from './trips-helper.ts';

const tripNotFound = { status: 404, code: 'not_found', message: 'Trip not found' };
const readOnly = { status: 403, code: 'forbidden', message: 'You can view this trip but not change it.' };

/**
 * Names of a flight's transcript speakers (Deepgram's numbers): named by those who may edit the
 * flight, seen by everyone who may read it, hidden from everyone else. Seed: Iris Calder
 * (instructor@) teaches Leo; Priya is a student of the same school; Pia Lund flies at Harbor.
 */
describe('speakers of a flight: GET and PUT /api/trips/:id/speakers', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const api = tripsApi(() => t, s);
  let tripId: string;
  const url = () => `/api/trips/${tripId}/speakers`;

  const read = async (email: string) => {
    const response = await s.call(email, 'GET', url());
    expect(response.statusCode, response.body).toBe(200);
    return speakersSchema.parse(response.json()).speakers;
  };
  const name = (email: string, speakers: unknown) => s.call(email, 'PUT', url(), { speakers });

  beforeAll(async () => {
    t = await createTestApp();
    const points = straightTrack({ start: Date.parse('2026-06-12T15:00:00Z'), count: 30 });
    tripId = (await api.create('leo.nakamura@skyline.test', { trip_name: 'Pattern work with Iris', points })).trip_id;
  });
  afterAll(async () => t.close());

  it('has no names until someone names them', async () => {
    expect(await read('leo.nakamura@skyline.test')).toEqual([]);
  });

  it('the crew names them (trimmed, in speaker order), every reader sees the names, and the change is audited', async () => {
    const response = await name('leo.nakamura@skyline.test', [
      { speaker: 2, label: 'ATC' },
      { speaker: 0, label: '  Iris Calder ' },
      { speaker: 1, label: 'Student' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const expected = [
      { speaker: 0, label: 'Iris Calder' },
      { speaker: 1, label: 'Student' },
      { speaker: 2, label: 'ATC' },
    ];
    expect(response.json()).toEqual({ speakers: expected });
    expect(await read('instructor@skyline.test')).toEqual(expected);
    expect(await read('orgadmin@skyline.test')).toEqual(expected);

    const audit = await s.call(
      'orgadmin@skyline.test',
      'GET',
      `/api/audit-log?action=speakers.update&user_id=${await skylogIdOf(t, 'leo.nakamura@skyline.test')}`,
    );
    expect(audit.statusCode, audit.body).toBe(200);
    expect(auditListSchema.parse(audit.json()).items[0]).toMatchObject({ resource: `trips/${tripId}/speakers`, status: 'success' });
  });

  it('a new list replaces the saved one: a speaker left out is unnamed again; the linked instructor may rename', async () => {
    const response = await name('instructor@skyline.test', [
      { speaker: 0, label: 'Instructor' },
      { speaker: 1, label: 'Leo Nakamura' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await read('leo.nakamura@skyline.test')).toEqual([
      { speaker: 0, label: 'Instructor' },
      { speaker: 1, label: 'Leo Nakamura' },
    ]);
  });

  it('a student of another organization neither reads nor names them: 404, as if the flight did not exist', async () => {
    const reading = await s.call('pilot@harbor.test', 'GET', url());
    expect(reading.statusCode).toBe(404);
    expect(reading.json()).toEqual(tripNotFound);
    const naming = await name('pilot@harbor.test', [{ speaker: 0, label: 'Mine' }]);
    expect(naming.statusCode).toBe(404);
    expect(naming.json()).toEqual(tripNotFound);
    // A student of the same school it is not shared with: the same answer.
    expect((await s.call('priya.shah@skyline.test', 'GET', url())).json()).toEqual(tripNotFound);
    expect(await read('leo.nakamura@skyline.test')).toHaveLength(2);
  });

  it('someone the flight is shared with reads the names but may not change them: 403', async () => {
    const priya = await skylogIdOf(t, 'priya.shah@skyline.test');
    const shared = await s.call('leo.nakamura@skyline.test', 'PUT', `/api/trips/${tripId}/shared-with`, { shared_with: [priya] });
    expect(shared.statusCode, shared.body).toBe(200);

    expect(await read('priya.shah@skyline.test')).toEqual([
      { speaker: 0, label: 'Instructor' },
      { speaker: 1, label: 'Leo Nakamura' },
    ]);
    const naming = await name('priya.shah@skyline.test', [{ speaker: 0, label: 'Priya' }]);
    expect(naming.statusCode).toBe(403);
    expect(naming.json()).toEqual(readOnly);
    expect((await read('leo.nakamura@skyline.test'))[0]).toEqual({ speaker: 0, label: 'Instructor' });
  });

  it('refuses bad input with a 400 naming the field, and keeps the names as they were', async () => {
    const cases: [speakers: unknown, field: string, message: string][] = [
      [[{ speaker: 0, label: '   ' }], 'speakers.0.label', 'Name the speaker'],
      [[{ speaker: 0, label: 'x'.repeat(61) }], 'speakers.0.label', "A speaker's name must be at most 60 characters"],
      [[{ speaker: -1, label: 'ATC' }], 'speakers.0.speaker', 'Speaker must be 0 or more'],
      [[{ speaker: 100, label: 'ATC' }], 'speakers.0.speaker', 'Speaker must be at most 99'],
      [[{ speaker: 1.5, label: 'ATC' }], 'speakers.0.speaker', 'Speaker must be a whole number'],
      [
        [
          { speaker: 1, label: 'ATC' },
          { speaker: 1, label: 'Student' },
        ],
        'speakers.1.speaker',
        'Each speaker is named once',
      ],
    ];
    for (const [speakers, field, message] of cases) {
      const response = await name('leo.nakamura@skyline.test', speakers);
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({ code: 'validation_error', fields: { [field]: message } });
    }
    const unknownField = await name('leo.nakamura@skyline.test', [{ speaker: 0, label: 'ATC', colour: 'red' }]);
    expect(unknownField.statusCode).toBe(400);
    // A nested unknown key is named by the object holding it (plugins/errors.ts).
    expect(unknownField.json().fields).toEqual({ 'speakers.0': 'Unknown field: speakers.0' });
    expect((await s.call('leo.nakamura@skyline.test', 'PUT', url(), { names: [] })).statusCode).toBe(400);
    expect(await read('leo.nakamura@skyline.test')).toHaveLength(2);
  });

  it('refuses a NUL or half an emoji in a name (PostgreSQL could not store it)', async () => {
    for (const label of ['Iris\u0000Calder', 'Iris \ud83d']) {
      const response = await name('leo.nakamura@skyline.test', [{ speaker: 0, label }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', fields: { 'speakers.0.label': messages.unstorableCharacter } });
    }
    expect((await read('leo.nakamura@skyline.test'))[0]).toEqual({ speaker: 0, label: 'Instructor' });
  });

  it('saves sent at the same time never fail: each replaces the whole list, the last one wins', async () => {
    const lists = [0, 1, 2, 3, 4].map((round) => [
      { speaker: 0, label: `Instructor ${round}` },
      { speaker: round + 1, label: `Voice ${round}` },
    ]);
    const answers = await Promise.all(lists.map((speakers) => name('leo.nakamura@skyline.test', speakers)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const saved = await read('leo.nakamura@skyline.test');
    expect(answers.map((answer) => answer.json().speakers)).toContainEqual(saved);
  });

  it('an empty list unnames everyone', async () => {
    expect((await name('leo.nakamura@skyline.test', [])).json()).toEqual({ speakers: [] });
    expect(await read('instructor@skyline.test')).toEqual([]);
  });
});
