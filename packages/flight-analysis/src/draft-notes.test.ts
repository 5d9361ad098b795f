import type { FlightAnalysis, TeachableMoment } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { draftNotesFromAnalysis, keepKnownMoments, notesText, summariseForNotes } from './draft-notes.ts';

const moment = (kind: TeachableMoment['kind'], time: number, tone: TeachableMoment['tone'], title: string): TeachableMoment => ({
  id: `${kind}-${time}`,
  time,
  end_time: null,
  kind,
  category: 'landing',
  tone,
  title,
  explanation: `${title} at ${time}.`,
  evidence: [],
  readback: null,
});

const analysisWith = (moments: TeachableMoment[], landings = 0): FlightAnalysis => ({
  version: 1,
  computed_at: '2026-01-01T00:00:00.000Z',
  phases: [],
  takeoffs: [],
  landings: [],
  moments,
  readbacks: [],
  acs_evidence: [],
  limitations: [],
  stats: { max_altitude_ft: 3000, max_ground_speed_kt: 110, max_bank_deg: 30, landings, go_arounds: 0 },
});

describe('the rules engine draft', () => {
  it('links every point to its moment, says a repeated good thing once, and lists each thing to improve', () => {
    const draft = draftNotesFromAnalysis(
      analysisWith(
        [
          moment('smooth_landing', 1, 'well', 'Smooth touch-and-go'),
          moment('smooth_landing', 2, 'well', 'Smooth touch-and-go'),
          moment('stable_approach', 3, 'well', 'Stable approach'),
          moment('readback', 4, 'improve', 'Wrong readback'),
          moment('unstable_approach', 5, 'improve', 'Unstable approach'),
        ],
        2,
      ),
    );
    expect(draft.well).toEqual([
      { moment_id: 'smooth_landing-1', text: '2 smooth landings; the first: Smooth touch-and-go at 1.' },
      { moment_id: 'stable_approach-3', text: 'Stable approach: Stable approach at 3.' },
      { moment_id: null, text: '2 landings with no hard landing or long float.' },
    ]);
    expect(draft.improve.map((point) => point.moment_id)).toEqual(['readback-4', 'unstable_approach-5']);
    expect(notesText(draft.improve)).toBe('- Wrong readback: Wrong readback at 4.\n- Unstable approach: Unstable approach at 5.');
  });

  it('says so when nothing stood out, rather than leaving the draft empty', () => {
    const draft = draftNotesFromAnalysis(analysisWith([]));
    expect(draft.improve).toEqual([]);
    expect(draft.well).toEqual([{ moment_id: null, text: expect.stringContaining('No exceedance') }]);
  });

  it("keeps a model's point only linked to moments the analysis has", () => {
    const analysis = analysisWith([moment('readback', 4, 'improve', 'Wrong readback')]);
    const kept = keepKnownMoments(
      { well: [{ moment_id: 'invented-1', text: 'Nice.' }], improve: [{ moment_id: 'readback-4', text: 'Read back.' }] },
      analysis,
    );
    expect(kept).toEqual({ well: [{ moment_id: null, text: 'Nice.' }], improve: [{ moment_id: 'readback-4', text: 'Read back.' }] });
  });

  it('summarises the flight for a model with the moment ids, the student and what was not analysed', () => {
    const analysis = { ...analysisWith([moment('readback', 65_000, 'improve', 'Wrong readback')]), limitations: ['No track: …'] };
    const summary = summariseForNotes(analysis, { name: 'Stella Park', program: '141', ratings: [] }, 0);
    expect(summary).toContain('Student: Stella Park; program: Part 141; ratings: none recorded.');
    expect(summary).toContain('- id readback-65000 at 0:01:05 [Landing, improve] Wrong readback');
    expect(summary).toContain('Not analysed: No track: …');
  });
});
