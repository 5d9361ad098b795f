import type { TranscriptJson, TranscriptWord } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { findCurrentWordIndex, getSpeakerLabel, getTranscriptWords, groupUtterances } from './transcript.ts';

const word = (text: string, start: number, end: number, speaker?: number): TranscriptWord => ({
  word: text.toLowerCase(),
  punctuated_word: text,
  start,
  end,
  speaker,
});

describe('utterances', () => {
  it('start anew when the speaker changes', () => {
    const words = [word('Cessna', 0, 0.4, 0), word('one', 0.5, 0.7, 0), word('Go', 0.9, 1.1, 1), word('ahead.', 1.2, 1.5, 1)];
    expect(groupUtterances(words)).toEqual([
      { speaker: 0, start: 0, firstIndex: 0, endIndex: 2 },
      { speaker: 1, start: 0.9, firstIndex: 2, endIndex: 4 },
    ]);
  });

  it('start anew after a silence longer than 1.5 s, not after a shorter one', () => {
    const words = [word('Flaps', 0, 0.5, 0), word('ten.', 1.9, 2.2, 0), word('Gear', 3.8, 4.1, 0), word('down.', 4.2, 4.5, 0)];
    expect(groupUtterances(words).map(({ firstIndex, endIndex }) => [firstIndex, endIndex])).toEqual([
      [0, 2],
      [2, 4],
    ]);
  });

  it('are none without words', () => {
    expect(groupUtterances([])).toEqual([]);
  });

  it('keep every word exactly once, in order, for a long flight', () => {
    const words = Array.from({ length: 2000 }, (_, index) => word(`w${index}`, index * 0.8, index * 0.8 + 0.5, Math.floor(index / 7) % 2));
    const utterances = groupUtterances(words);
    expect(utterances[0]!.firstIndex).toBe(0);
    expect(utterances.at(-1)!.endIndex).toBe(2000);
    utterances.slice(1).forEach((utterance, index) => expect(utterance.firstIndex).toBe(utterances[index]!.endIndex));
  });
});

describe('the current word', () => {
  const starts = [0.5, 1, 2, 4];
  it('is the last word that has started, none before the first', () => {
    expect(findCurrentWordIndex(starts, 0)).toBe(-1);
    expect(findCurrentWordIndex(starts, 0.5)).toBe(0);
    expect(findCurrentWordIndex(starts, 1.99)).toBe(1);
    expect(findCurrentWordIndex(starts, 3)).toBe(2);
    expect(findCurrentWordIndex(starts, 100)).toBe(3);
  });
});

describe('transcript words and speakers', () => {
  it("reads Deepgram's first channel and alternative, and nothing from an empty transcript", () => {
    const transcript: TranscriptJson = {
      results: { channels: [{ alternatives: [{ transcript: 'Roger.', words: [word('Roger.', 1, 1.3, 0)] }] }] },
    };
    expect(getTranscriptWords(transcript)).toHaveLength(1);
    expect(getTranscriptWords(null)).toEqual([]);
    expect(getTranscriptWords({ results: { channels: [] } })).toEqual([]);
  });

  it('numbers speakers from 1', () => {
    expect(getSpeakerLabel(0)).toBe('Speaker 1');
    expect(getSpeakerLabel(2)).toBe('Speaker 3');
    expect(getSpeakerLabel(undefined)).toBe('Speaker');
  });
});
