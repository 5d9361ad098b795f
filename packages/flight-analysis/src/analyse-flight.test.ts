import { messages, type AircraftCategory, type TranscriptJson } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { analyseFlight, analysisVersion, uncertainWordConfidence, utterancesOf } from './analyse-flight.ts';
import { buildSyntheticTrack, exactBankTurn } from './synthetic-track.ts';

/** A Deepgram-shaped transcript: each utterance [speaker, text, confidence of a word or of all], 3 s apart. */
function transcriptOf(utterances: readonly (readonly [number, string, Record<string, number>?])[]): TranscriptJson {
  let clock = 0;
  const words = utterances.flatMap(([speaker, text, confidences = {}]) => {
    clock += 3;
    return text.split(' ').map((punctuated) => {
      clock += 0.4;
      const word = punctuated.toLowerCase().replace(/[^a-z0-9]/g, '');
      return { word, punctuated_word: punctuated, start: clock, end: clock + 0.3, speaker, confidence: confidences[word] ?? 0.97 };
    });
  });
  return { results: { channels: [{ alternatives: [{ transcript: words.map((word) => word.punctuated_word).join(' '), words }] }] } };
}

const flight = (transcript: TranscriptJson) =>
  analyseFlight({
    points: [],
    category: null,
    airports: [],
    timesEstimated: false,
    markers: [],
    transcript,
    audioStartedAt: 0,
    beginTime: 0,
    atcSpeakers: new Set([2]),
    ownCallsigns: ['Skyline 12', 'N172SP'],
  });

describe('readbacks in the flight analysis', () => {
  it('keeps the words recognition was unsure of with each utterance', () => {
    const [instruction] = utterancesOf(
      transcriptOf([[2, 'Skyline one two, climb and maintain 5000.', { '5000': uncertainWordConfidence - 0.1 }]]),
      0,
    );
    expect(instruction).toMatchObject({ speaker: 2, text: 'Skyline one two, climb and maintain 5000.', uncertainWords: ['5000'] });
  });

  it('teaches a wrong readback with what should have been said and the rule', () => {
    const analysis = flight(
      transcriptOf([
        [2, 'Skyline one two, climb and maintain 5000.'],
        [1, 'Climb and maintain 4000, Skyline one two.'],
      ]),
    );
    const [moment] = analysis.moments;
    expect(moment).toMatchObject({ kind: 'readback', title: 'Wrong readback', readback: { status: 'wrong', addressee: 'Skyline 12' } });
    expect(moment!.explanation).toBe(
      'altitude 5000 was read back as 4000. A correct readback: “Climb and maintain five thousand, Skyline one two”. ' +
        'Read back every altitude or flight level you are assigned, in the order given: a level misheard and not read back is how level busts start. ' +
        '(FAA AIM 4-4-7(b); 14 CFR 91.123; ICAO Doc 4444 4.5.7.5.1(c))',
    );
  });

  it('does not teach a readback that rests on a word recognition was unsure of, and says some were not judged', () => {
    const analysis = flight(
      transcriptOf([
        [2, 'Skyline one two, climb and maintain 5000.'],
        [1, 'Climb and maintain 4000, Skyline one two.', { '4000': 0.3 }],
      ]),
    );
    expect(analysis.readbacks.map((finding) => finding.status)).toEqual(['unclear']);
    expect(analysis.moments).toEqual([]);
    expect(analysis.limitations).toContain(messages.analysisUnclearReadbacks);
  });
});

describe('ACS evidence in the flight analysis', () => {
  const steepTurnFlight = buildSyntheticTrack(
    [{ kind: 'level', durationS: 60 }, exactBankTurn(-360, 45, 95), { kind: 'level', durationS: 60 }],
    {
      inFlight: { speedKt: 95, heightFt: 3000 },
    },
  );
  const analyse = (input: { category?: AircraftCategory | null; timesEstimated?: boolean }) =>
    analyseFlight({
      points: steepTurnFlight.points,
      category: input.category ?? 'airplane',
      airports: [],
      timesEstimated: input.timesEstimated ?? false,
      markers: [],
      transcript: transcriptOf([
        [2, 'Skyline one two, climb and maintain 5000.'],
        [1, 'Climb and maintain 5000, Skyline one two.'],
      ]),
      audioStartedAt: steepTurnFlight.points[0]!.timestamp,
      beginTime: steepTurnFlight.points[0]!.timestamp,
      atcSpeakers: new Set([2]),
      ownCallsigns: ['Skyline 12'],
    });

  it('stores the tasks the track and the radio show, in time order, with the rules’ version that measured them', () => {
    const analysis = analyse({});
    expect(analysis.version).toBe(analysisVersion);
    expect(analysis.acs_evidence?.map((evidence) => [evidence.task_code, evidence.outcome])).toEqual([
      ['PA.III.A', 'within'],
      ['PA.V.A', 'within'],
    ]);
  });

  it('judges only the radio when the track’s times are a guess, and no airplane task for another category', () => {
    expect(analyse({ timesEstimated: true }).acs_evidence?.map((evidence) => evidence.task_code)).toEqual(['PA.III.A']);
    expect(analyse({ category: 'glider' }).acs_evidence).toEqual([]);
  });
});
