import type { TranscriptJson, TranscriptWord } from '@skylog/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlaybackClock } from '../utils/playback-clock.ts';
import { TranscriptPanel } from './transcript-panel.tsx';

const audioStartMs = Date.UTC(2026, 0, 31, 9, 0, 0);

function transcriptOf(words: TranscriptWord[]): TranscriptJson {
  return { results: { channels: [{ alternatives: [{ transcript: words.map((word) => word.word).join(' '), words }] }] } };
}

const words: TranscriptWord[] = [
  { word: 'cessna', punctuated_word: 'Cessna', start: 1, end: 1.4, speaker: 0 },
  { word: 'two', punctuated_word: 'two', start: 1.5, end: 1.8, speaker: 0 },
  { word: 'roger', punctuated_word: 'Roger.', start: 2.2, end: 2.6, speaker: 1 },
  { word: 'climbing', punctuated_word: 'Climbing', start: 6, end: 6.5, speaker: 1 },
];

function renderPanel(transcript: TranscriptJson | null = transcriptOf(words)) {
  const clock = new PlaybackClock();
  clock.setRange(audioStartMs, audioStartMs + 60_000);
  render(<TranscriptPanel transcript={transcript} isInProgress={false} audioStartMs={audioStartMs} clock={clock} timezone="UTC" />);
  return clock;
}

const currentWords = () => screen.getByRole('region', { name: 'Transcript' }).querySelectorAll('[aria-current="true"]');

describe('TranscriptPanel', () => {
  it('groups words into utterances by speaker and silence, labelled from Speaker 1', () => {
    renderPanel();
    expect(screen.getAllByText('Speaker 1')).toHaveLength(1);
    // Speaker 2 speaks twice, 3.4 s apart: two utterances.
    expect(screen.getAllByText('Speaker 2')).toHaveLength(2);
    expect(screen.getByText('09:00:01Z', { exact: false })).toBeTruthy();
  });

  it('highlights the word being spoken as the clock runs, one at a time', () => {
    const clock = renderPanel();
    expect(currentWords()).toHaveLength(0);
    act(() => clock.update(audioStartMs + 1600));
    expect(currentWords()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'two' }).getAttribute('aria-current')).toBe('true');
    act(() => clock.update(audioStartMs + 4000));
    expect(currentWords()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Roger.' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'two' }).getAttribute('aria-current')).toBeNull();
  });

  it('seeks everything to the start of a clicked word', () => {
    const clock = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Climbing' }));
    expect(clock.getTime()).toBe(audioStartMs + 6000);
    expect(screen.getByRole('button', { name: 'Climbing' }).getAttribute('aria-current')).toBe('true');
  });

  it('says so when there is no transcript', () => {
    renderPanel(null);
    expect(screen.getByText('No transcript for this flight yet.')).toBeTruthy();
  });
});
