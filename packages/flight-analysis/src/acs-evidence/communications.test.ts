import { acsTolerances, type ReadbackFinding } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { findCommunications } from './communications.ts';

const start = Date.UTC(2026, 5, 1, 10);
const utterance = (at: number, speaker: number, text: string) => ({
  start: start + at * 1000,
  end: start + (at + 3) * 1000,
  speaker,
  text,
});

/** A squawk instruction at `at` s and its readback (or none), judged `status`. */
function squawk(at: number, status: ReadbackFinding['status'], heard: string | null): ReadbackFinding {
  return {
    status,
    instruction: utterance(at, 2, 'Skyline two one, squawk zero four three six.'),
    readback: heard === null ? null : utterance(at + 4, 1, `Squawk ${heard}, Skyline two one.`),
    elements: [
      { type: 'squawk', expected: '0436', heard },
      { type: 'callsign', expected: 'Skyline 21', heard: heard === null ? null : 'Skyline 21' },
    ],
    addressee: 'Skyline 21',
    expected_readback: 'Squawk zero four three six, Skyline two one',
    rule: 'squawks',
  };
}

describe('communications (PA.III.A)', () => {
  it('is within when every readback due was complete, from the first instruction to the last readback', () => {
    const [evidence, ...others] = findCommunications([squawk(0, 'correct', '0436'), squawk(60, 'correct', '0436')]);
    expect(others).toEqual([]);
    expect(evidence).toEqual({
      task_code: acsTolerances.communications.task,
      outcome: 'within',
      start_ms: start,
      end_ms: start + 67_000,
      summary: 'All 2 readbacks due complete and right',
      measurements: [{ label: 'Readbacks complete and right, of those due', value: 100, unit: 'percent', limit: '100 %', within: true }],
    });
  });

  it('is outside with what was missed, at the first faulty exchange; an unclear one counts for neither', () => {
    const [evidence] = findCommunications([
      squawk(0, 'correct', '0436'),
      squawk(60, 'wrong', '0463'),
      squawk(120, 'missing', null),
      squawk(180, 'unclear', '0436'),
    ]);
    expect(evidence).toMatchObject({ outcome: 'outside', start_ms: start + 60_000, end_ms: start + 67_000 });
    expect(evidence!.summary).toBe(
      '2 of 3 readbacks not right: squawk 0436 was read back as 0463. ATC gave squawk 0436 to Skyline 21 and no readback followed.',
    );
    expect(evidence!.measurements[0]).toMatchObject({ value: 33, within: false });
  });

  it('has no evidence when no readback could be judged', () => {
    expect(findCommunications([])).toEqual([]);
    expect(findCommunications([squawk(0, 'unclear', '0436')])).toEqual([]);
  });
});
