import type { TranscriptJson, TranscriptWord } from '@skylog/contracts';
import { findIndexAtOrBefore } from './track.ts';

/** A new utterance starts when the speaker changes or after a silence longer than this. */
export const utteranceGapSeconds = 1.5;

export type Utterance = {
  speaker: number | undefined;
  /** Seconds from the start of the audio. */
  start: number;
  /** Its words are words[firstIndex] up to, not including, words[endIndex]. */
  firstIndex: number;
  endIndex: number;
};

export function getTranscriptWords(transcript: TranscriptJson | null): TranscriptWord[] {
  return transcript?.results.channels[0]?.alternatives[0]?.words ?? [];
}

export function groupUtterances(words: readonly TranscriptWord[], maxGapSeconds = utteranceGapSeconds): Utterance[] {
  const utterances: Utterance[] = [];
  let current: Utterance | null = null;
  words.forEach((word, index) => {
    const previous = words[index - 1];
    const isNewUtterance = !current || !previous || word.speaker !== previous.speaker || word.start - previous.end > maxGapSeconds;
    if (isNewUtterance) {
      current = { speaker: word.speaker, start: word.start, firstIndex: index, endIndex: index + 1 };
      utterances.push(current);
    } else if (current) {
      current.endIndex = index + 1;
    }
  });
  return utterances;
}

/** The word being spoken at `seconds`: the last one that has started (-1 before the first). */
export function findCurrentWordIndex(wordStarts: ArrayLike<number>, seconds: number): number {
  return findIndexAtOrBefore(wordStarts, seconds);
}

/** Deepgram numbers speakers from 0; people count from 1. */
export function getSpeakerLabel(speaker: number | undefined): string {
  return speaker === undefined ? 'Speaker' : `Speaker ${speaker + 1}`;
}
