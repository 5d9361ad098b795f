import type { TranscriptJson, TranscriptWord } from '@skylog/contracts';

/**
 * The one shape Skylog stores, whichever provider answered: channel 0, alternative 0, words in time order
 * that never overlap (the player highlights one word at a time), and the transcript rebuilt from those words
 * so the text and the words never disagree.
 */
export function normaliseTranscript(json: TranscriptJson): TranscriptJson {
  const usable = (json.results.channels[0]?.alternatives[0]?.words ?? []).filter(
    (word) => word.word.trim() !== '' && isTime(word.start) && isTime(word.end),
  );
  // A stable sort: words that start together keep the provider's order.
  usable.sort((a, b) => a.start - b.start);

  const words: TranscriptWord[] = [];
  let previousEnd = 0;
  for (const source of usable) {
    const start = Math.max(source.start, previousEnd);
    const word: TranscriptWord = { word: source.word.trim(), start, end: Math.max(source.end, start) };
    // Optional keys are left out rather than set to undefined, so the stored JSON reads back equal.
    if (source.speaker !== undefined) word.speaker = source.speaker;
    const punctuated = source.punctuated_word?.trim();
    if (punctuated) word.punctuated_word = punctuated;
    if (source.confidence !== undefined && Number.isFinite(source.confidence)) word.confidence = source.confidence;
    words.push(word);
    previousEnd = word.end;
  }

  const transcript = words.map((word) => word.punctuated_word ?? word.word).join(' ');
  return { results: { channels: [{ alternatives: [{ transcript, words }] }] } };
}

const isTime = (value: number) => Number.isFinite(value) && value >= 0;
