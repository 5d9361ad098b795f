import { findIndexAtOrBefore } from './track.ts';

export { getTranscriptWords, groupUtterances, utteranceGapSeconds, type UtteranceSpan as Utterance } from '@skylog/contracts';

/** The word being spoken at `seconds`: the last one that has started (-1 before the first). */
export function findCurrentWordIndex(wordStarts: ArrayLike<number>, seconds: number): number {
  return findIndexAtOrBefore(wordStarts, seconds);
}

/** Deepgram numbers speakers from 0; people count from 1. */
export function getSpeakerLabel(speaker: number | undefined): string {
  return speaker === undefined ? 'Speaker' : `Speaker ${speaker + 1}`;
}
