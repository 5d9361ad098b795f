import type { TranscriptJson, TranscriptWord } from './schemas/trips.ts';

/**
 * How a transcript's words group into utterances: one rule for the review screen, the stored sentences of a
 * transcription and the readback check.
 */

/** A new utterance starts when the speaker changes or after a silence longer than this. */
export const utteranceGapSeconds = 1.5;

export type UtteranceSpan = {
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

export function groupUtterances(words: readonly TranscriptWord[], maxGapSeconds = utteranceGapSeconds): UtteranceSpan[] {
  const utterances: UtteranceSpan[] = [];
  let current: UtteranceSpan | null = null;
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

/** The utterances with their text and end, in seconds into the audio. */
export function transcriptSentences(transcript: TranscriptJson | null): { start: number; end: number; speaker: number | null; text: string }[] {
  const words = getTranscriptWords(transcript);
  return groupUtterances(words).map((span) => {
    const spoken = words.slice(span.firstIndex, span.endIndex);
    return {
      start: span.start,
      end: spoken.at(-1)!.end,
      speaker: span.speaker ?? null,
      text: spoken.map((word) => word.punctuated_word ?? word.word).join(' '),
    };
  });
}
