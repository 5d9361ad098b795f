import type { TranscriptJson, TranscriptWord } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { normaliseTranscript } from './normalise-transcript.ts';

const transcriptOf = (words: TranscriptWord[], transcript = 'as the provider wrote it'): TranscriptJson => ({
  results: { channels: [{ alternatives: [{ transcript, words }] }] },
});
const wordsOf = (json: TranscriptJson) => json.results.channels[0]!.alternatives[0]!.words;

describe('normaliseTranscript', () => {
  it('sorts words by start and clips overlaps so no word starts before the previous one ends', () => {
    const json = normaliseTranscript(
      transcriptOf([
        { word: 'bravo', start: 2, end: 2.5, speaker: 0, punctuated_word: 'bravo.' },
        { word: 'tower', start: 0, end: 1.2, speaker: 0, punctuated_word: 'Tower,' },
        { word: 'alpha', start: 1, end: 1.8, speaker: 0 },
        { word: 'uh', start: 1.3, end: 1.5, speaker: 1 },
      ]),
    );
    expect(wordsOf(json)).toEqual([
      { word: 'tower', start: 0, end: 1.2, speaker: 0, punctuated_word: 'Tower,' },
      { word: 'alpha', start: 1.2, end: 1.8, speaker: 0 },
      { word: 'uh', start: 1.8, end: 1.8, speaker: 1 },
      { word: 'bravo', start: 2, end: 2.5, speaker: 0, punctuated_word: 'bravo.' },
    ]);
    expect(json.results.channels[0]!.alternatives[0]!.transcript).toBe('Tower, alpha uh bravo.');
  });

  it('drops empty words and words with negative or non-finite times, and mends an end before its start', () => {
    const json = normaliseTranscript(
      transcriptOf([
        { word: ' ', start: 0, end: 0.2 },
        { word: 'negative', start: -1, end: 0.5 },
        { word: 'infinite', start: 0.5, end: Number.POSITIVE_INFINITY },
        { word: 'nan', start: Number.NaN, end: 1 },
        { word: ' climb ', start: 1, end: 0.8, punctuated_word: ' Climb ', confidence: 0.9 },
        { word: 'five', start: 1.1, end: 1.4, punctuated_word: '' },
      ]),
    );
    expect(wordsOf(json)).toEqual([
      { word: 'climb', start: 1, end: 1, punctuated_word: 'Climb', confidence: 0.9 },
      { word: 'five', start: 1.1, end: 1.4 },
    ]);
    expect(json.results.channels[0]!.alternatives[0]!.transcript).toBe('Climb five');
  });

  it('answers an empty transcript for audio without speech, also when the provider sent no channel', () => {
    const empty = { results: { channels: [{ alternatives: [{ transcript: '', words: [] }] }] } };
    expect(normaliseTranscript(transcriptOf([], ''))).toEqual(empty);
    expect(normaliseTranscript({ results: { channels: [] } })).toEqual(empty);
  });

  it('keeps only the first channel and alternative, the ones Skylog reads', () => {
    const word = { word: 'roger', start: 0.1, end: 0.4 };
    const json = normaliseTranscript({
      results: {
        channels: [
          {
            alternatives: [
              { transcript: 'roger', words: [word] },
              { transcript: 'rodger', words: [] },
            ],
          },
          { alternatives: [{ transcript: 'other', words: [] }] },
        ],
      },
    });
    expect(json).toEqual(transcriptOf([word], 'roger'));
  });
});
