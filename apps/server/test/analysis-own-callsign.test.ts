import { tripAnalysisSchema, type TranscriptJson } from '@skylog/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trips } from '../src/db/schema/index.ts';
import { analyseTrip } from '../src/modules/analysis/analysis.service.ts';
import { replaceTripSpeakers } from '../src/modules/speakers/speakers.repository.ts';
import { createSchool, type School } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { straightTrack } from './trips-helper.ts';

/** A Deepgram-shaped transcript of one word per second, each utterance [speaker, text]. */
function transcriptOf(utterances: readonly (readonly [number, string])[]): TranscriptJson {
  let clock = 0;
  const words = utterances.flatMap(([speaker, text]) => {
    clock += 3;
    return text.split(' ').map((word) => {
      clock += 0.4;
      return { word: word.toLowerCase().replace(/[^a-z0-9]/g, ''), punctuated_word: word, start: clock, end: clock + 0.3, speaker, confidence: 0.98 };
    });
  });
  return { results: { channels: [{ alternatives: [{ transcript: words.map((word) => word.punctuated_word).join(' '), words }] }] } };
}

/**
 * The trip.analyse job reads the flight's aircraft, so the readback check knows which instructions on the
 * frequency were this crew's: a clearance to another aircraft that nobody here read back is no finding.
 */
describe('the analysis job and the flight’s own callsign', () => {
  let t: TestApp;
  let school: School;
  const s = sessions(() => t);

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    school = await createSchool(t, s, 'Callsign Aero');
  });
  afterAll(async () => t?.close());

  const fly = async (aircraftId: string | null) => {
    const created = await s.call(school.owner, 'POST', '/api/trips', {
      trip_name: 'Circuits on a busy frequency',
      aircraft_id: aircraftId,
      points: straightTrack({ start: Date.parse('2026-06-01T10:00:00Z'), count: 30 }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const tripId = created.json().trip_id as string;
    // The new flight's own analysis (queued with it, before it had a transcript) must not land after ours.
    await t.ctx.jobs.drain();
    const transcript = transcriptOf([
      [2, 'Cirrus five alpha bravo, runway three one, cleared to land.'],
      [2, 'Skyline four two, squawk zero four three six.'],
      [1, 'Squawk zero four six three, Skyline four two.'],
    ]);
    await t.ctx.db.update(trips).set({ transcriptJson: transcript }).where(eq(trips.id, tripId));
    await replaceTripSpeakers(t.ctx.db, tripId, [
      { speaker: 1, label: 'Student' },
      { speaker: 2, label: 'ATC' },
    ]);
    await analyseTrip(t.ctx, tripId);
    const analysis = tripAnalysisSchema.parse((await s.call(school.owner, 'GET', `/api/trips/${tripId}/analysis`)).json()).analysis!;
    return analysis.readbacks.map((finding) => [finding.status, finding.addressee, finding.instruction.text]);
  };

  it('checks only the instructions to the flight’s aircraft, by its callsign or registration', async () => {
    const aircraft = await s.call(school.owner, 'POST', '/api/aircraft', { tail_number: 'N42SK', call_sign: 'Skyline 42', type: 'C172' });
    expect(aircraft.statusCode, aircraft.body).toBe(201);
    expect(await fly(aircraft.json().id as string)).toEqual([['wrong', 'Skyline 42', 'Skyline four two, squawk zero four three six.']]);
  });

  it('without an aircraft, judges every instruction heard (the landing clearance to the Cirrus went unanswered)', async () => {
    expect(await fly(null)).toEqual([
      ['missing', 'Cirrus 5AB', 'Cirrus five alpha bravo, runway three one, cleared to land.'],
      ['wrong', 'Skyline 42', 'Skyline four two, squawk zero four three six.'],
    ]);
  });
});
