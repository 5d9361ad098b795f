import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  judgeExchange,
  readReadbackSources,
  scoreReadbackCases,
  toUtterances,
  type ReadbackCase,
  type ReadbackExchange,
} from './readback-accuracy.ts';

const exchange = (transmissions: ReadbackExchange['transmissions'], label: ReadbackExchange['label'] = 'correct'): ReadbackExchange => ({
  id: 'sample-001',
  facility: 'tower',
  transmissions,
  addressee: 'N123AB',
  label,
  elements: ['altitude'],
});

describe('toUtterances', () => {
  it('makes ATC one speaker and each pilot callsign its own, an unnamed pilot nobody else, in order a second apart', () => {
    const utterances = toUtterances(
      exchange([
        { speaker: 'atc', text: 'November one two three alpha bravo, climb and maintain five thousand' },
        { speaker: 'pilot', callsign: 'Delta 2387', text: 'Delta twenty three eighty seven, inside the marker' },
        { speaker: 'atc', text: 'Delta twenty three eighty seven, roger' },
        { speaker: 'pilot', callsign: null, text: 'blocked' },
        { speaker: 'pilot', callsign: 'delta 2387 ', text: 'again' },
        { speaker: 'pilot', callsign: 'N123AB', text: 'five thousand, three alpha bravo' },
      ]),
    );
    expect(utterances.map(({ speaker }) => speaker)).toEqual([0, 1, 0, 2, 1, 3]);
    for (const [index, utterance] of utterances.entries()) {
      expect(utterance.end).toBeGreaterThan(utterance.start);
      if (index > 0) expect(utterance.start - utterances[index - 1]!.end).toBe(1000);
    }
  });
});

describe('judgeExchange', () => {
  const instruction = { speaker: 'atc', text: 'November one two three alpha bravo, climb and maintain five thousand' } as const;

  it('takes the checker’s verdict on the first transmission: a changed altitude is wrong, no reply is missing', () => {
    const wrong = exchange(
      [instruction, { speaker: 'pilot', callsign: 'N123AB', text: 'climb and maintain four thousand, three alpha bravo' }],
      'wrong',
    );
    expect(judgeExchange('sample', wrong)).toEqual({ source: 'sample', id: 'sample-001', label: 'wrong', verdict: 'wrong' });
    expect(judgeExchange('sample', exchange([instruction], 'missing')).verdict).toBe('missing');
  });

  it('counts an instruction the checker finds nothing to read back in as correct: no flag reaches the instructor', () => {
    const report = exchange([{ speaker: 'atc', text: 'November one two three alpha bravo, report midfield downwind' }]);
    expect(judgeExchange('sample', report).verdict).toBe('correct');
  });
});

describe('scoreReadbackCases', () => {
  const cases: ReadbackCase[] = (
    [
      ['correct', 'correct'],
      ['correct', 'incomplete'],
      ['correct', 'unclear'],
      ['wrong', 'wrong'],
      ['missing', 'incomplete'],
      ['incomplete', 'unclear'],
    ] as const
  ).map(([label, verdict], index) => ({ source: 'sample', id: `sample-${index}`, label, verdict }));

  it('counts unclear as no fault flagged: not against precision, but a miss on a real fault', () => {
    const score = scoreReadbackCases(cases);
    expect(score).toMatchObject({ pairs: 6, flagged: 3, faults: 3, truePositives: 2, exact: 2 });
    expect(score.precision).toBeCloseTo(2 / 3);
    expect(score.recall).toBeCloseTo(2 / 3);
    expect(score.exactClass).toBeCloseTo(2 / 6);
    expect(score.confusion.correct).toEqual({ correct: 1, incomplete: 1, wrong: 0, missing: 0, unclear: 1 });
    expect(score.confusion.missing.incomplete).toBe(1);
  });

  it('has no precision when nothing was flagged and no recall when nothing was wrong', () => {
    const score = scoreReadbackCases(cases.slice(0, 1));
    expect([score.precision, score.recall, score.exactClass]).toEqual([null, null, 1]);
  });
});

describe('readReadbackSources', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'readback-corpus-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, exchanges: unknown[]) =>
    writeFileSync(path.join(dir, name), JSON.stringify({ source: { title: `Title of ${name}`, licence: 'CC-BY-4.0' }, exchanges }));

  it('reads every corpus file of the folders that exist, and names a file that breaks the format', () => {
    write('b-tower.json', [exchange([{ speaker: 'atc', text: 'climb and maintain five thousand' }])]);
    write('a-ground.json', []);
    expect(
      readReadbackSources([dir, path.join(dir, 'absent')]).map(({ name, title, exchanges }) => [name, title, exchanges.length]),
    ).toEqual([
      ['a-ground', 'Title of a-ground.json', 0],
      ['b-tower', 'Title of b-tower.json', 1],
    ]);
    write('c-broken.json', [exchange([{ speaker: 'pilot', callsign: 'N123AB', text: 'five thousand' }])]);
    expect(() => readReadbackSources([dir])).toThrow(/c-broken\.json[\s\S]*the first transmission must be the ATC instruction/);
  });
});
