import { readbackRules, type TeachableMoment, type TripAnalysis } from '@skylog/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils.tsx';
import { PlaybackClock } from '../utils/playback-clock.ts';
import { AnalysisPanel } from './analysis-panel.tsx';

const start = Date.UTC(2026, 4, 18, 17, 0, 0);
const instruction = { start: start + 60_000, end: start + 63_000, speaker: 2, text: 'Skyline two one, squawk zero four three six.' };
const readback = { start: start + 64_000, end: start + 66_000, speaker: 1, text: 'Squawk zero four six three, Skyline two one.' };

const wrongReadback: TeachableMoment = {
  id: 'readback-1',
  time: instruction.start,
  end_time: readback.end,
  kind: 'readback',
  category: 'communication',
  tone: 'improve',
  title: 'Wrong readback',
  explanation: 'squawk 0436 was read back as 0463.',
  evidence: [],
  readback: {
    status: 'wrong',
    instruction,
    readback,
    elements: [
      { type: 'squawk', expected: '0436', heard: '0463' },
      { type: 'callsign', expected: 'Skyline 21', heard: 'Skyline 21' },
    ],
    addressee: 'Skyline 21',
    expected_readback: 'Squawk zero four three six, Skyline two one',
    rule: 'squawks',
  },
};

const analysis: TripAnalysis = {
  ai_status: 'ready',
  ai_error: null,
  ai_source: 'rules',
  ai_trip_well: null,
  ai_trip_improve: null,
  ai_draft: null,
  ai_teachable_moments: [wrongReadback],
  analysis: {
    version: 1,
    computed_at: new Date(start).toISOString(),
    phases: [
      { phase: 'taxi', start, end: start + 120_000 },
      { phase: 'takeoff_roll', start: start + 120_000, end: start + 150_000 },
    ],
    takeoffs: [],
    landings: [],
    moments: [wrongReadback],
    readbacks: [wrongReadback.readback!],
    acs_evidence: [],
    limitations: ['No transcript: readbacks can be checked once the audio is transcribed.'],
    stats: { max_altitude_ft: 1000, max_ground_speed_kt: 90, max_bank_deg: 25, landings: 0, go_arounds: 0 },
  },
};

function renderPanel(value: TripAnalysis) {
  const clock = new PlaybackClock();
  clock.setRange(start, start + 3_600_000);
  renderWithProviders(<AnalysisPanel analysis={value} isLoading={false} error={null} flightStartMs={start} clock={clock} timezone="UTC" />);
  return clock;
}

describe('the flight analysis panel', () => {
  it('shows the instruction and the readback side by side, each element as given and as heard', () => {
    renderPanel(analysis);
    const item = screen.getByRole('list', { name: 'Teachable moments' }).querySelector('li')!;
    const [given, heard] = within(item).getAllByRole('figure');
    expect(given!.textContent).toContain('ATC instruction');
    expect(given!.textContent).toContain('“Skyline two one, squawk zero four three six.”');
    expect(heard!.textContent).toContain('“Squawk zero four six three, Skyline two one.”');
    expect(item.textContent).toContain('given 0436');
    expect(item.textContent).toContain('heard 0463');
  });

  it('says to whom the instruction went, what a correct readback would have been and the rule it rests on', () => {
    renderPanel(analysis);
    const item = screen.getByRole('list', { name: 'Teachable moments' }).querySelector('li')!;
    const [given] = within(item).getAllByRole('figure');
    expect(given!.textContent).toContain('ATC instruction to Skyline 21');
    const correct = within(item).getByRole('note', { name: 'A correct readback' });
    expect(correct.textContent).toContain('“Squawk zero four three six, Skyline two one”');
    expect(correct.textContent).toContain(readbackRules.squawks.rule);
    expect(correct.textContent).toContain('FAA AIM 4-4-7(b)');
  });

  it('shows a finding stored before readbacks knew the expected readback without one', () => {
    const older = { ...wrongReadback, readback: { ...wrongReadback.readback!, addressee: null, expected_readback: null, rule: null } };
    renderPanel({ ...analysis, ai_teachable_moments: [older], analysis: { ...analysis.analysis!, moments: [older] } });
    const item = screen.getByRole('list', { name: 'Teachable moments' }).querySelector('li')!;
    expect(within(item).queryByRole('note', { name: 'A correct readback' })).toBeNull();
    expect(item.textContent).toContain('heard 0463');
  });

  it('a moment, a readback utterance or a phase moves the one playback clock there', () => {
    const clock = renderPanel(analysis);
    fireEvent.click(screen.getByRole('button', { name: /Wrong readback/ }));
    expect(clock.getTime()).toBe(instruction.start);
    fireEvent.click(screen.getByRole('button', { name: '17:01:04Z' }));
    expect(clock.getTime()).toBe(readback.start);
    fireEvent.click(within(screen.getByRole('list', { name: 'Flight phases' })).getByRole('button', { name: /Take-off roll/ }));
    expect(clock.getTime()).toBe(start + 120_000);
  });

  it('says what it could not analyse', () => {
    renderPanel(analysis);
    expect(screen.getByRole('list', { name: 'Not analysed' }).textContent).toContain('No transcript');
  });

  it('while queued it says so', () => {
    renderPanel({ ...analysis, ai_status: 'queued', analysis: null });
    expect(screen.getByRole('status').textContent).toContain('Analysing the flight…');
  });

  it('a failed analysis shows its reason', () => {
    renderPanel({ ...analysis, ai_status: 'failed', ai_error: 'The worker stopped before the job finished', analysis: null });
    expect(screen.getByRole('alert').textContent).toBe('The analysis failed: The worker stopped before the job finished');
  });
});
