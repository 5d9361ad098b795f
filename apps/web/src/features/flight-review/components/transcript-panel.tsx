import { messages, type TranscriptJson, type TranscriptWord } from '@skylog/contracts';
import { Users } from 'lucide-react';
import { Fragment, lazy, memo, Suspense, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { Timezone } from '../../../lib/settings-store.ts';
import { useSpeakers } from '../api/get-speakers.ts';
import type { ClockChange, PlaybackClock } from '../utils/playback-clock.ts';
import { playbackSurfaceAttribute } from '../utils/shortcuts.ts';
import { getSpeakerName, getSpeakerNames, getVoices } from '../utils/speakers.ts';
import { getTimeLabel } from '../utils/time-labels.ts';
import { fromAudioSeconds, toAudioSeconds } from '../utils/timeline.ts';
import { findCurrentWordIndex, getTranscriptWords, groupUtterances, type Utterance } from '../utils/transcript.ts';
import { Panel } from './panel.tsx';

// Naming the voices is occasional: its form loads when asked for.
const SpeakersEditor = lazy(async () => ({ default: (await import('./speakers-editor.tsx')).SpeakersEditor }));

/** After a person scrolls the transcript, it stops following the audio for this long. */
const followPauseMs = 5000;

type TranscriptPanelProps = {
  tripId: string;
  transcript: TranscriptJson | null;
  /** Those who may edit the flight name its speakers. */
  canEdit: boolean;
  isInProgress: boolean;
  audioStartMs: number;
  clock: PlaybackClock;
  timezone: Timezone;
  /** Generate / Regenerate and the transcription's state, above the words. */
  generator?: ReactNode;
};

/**
 * Words are rendered once; as the clock runs only the current word's and utterance's attributes
 * change, straight on the DOM, so thousands of words cost nothing per tick.
 */
export function TranscriptPanel({ tripId, transcript, canEdit, isInProgress, audioStartMs, clock, timezone, generator }: TranscriptPanelProps) {
  const words = useMemo(() => getTranscriptWords(transcript), [transcript]);
  const utterances = useMemo(() => groupUtterances(words), [words]);
  const listRef = useRef<HTMLDivElement>(null);
  const speakers = useSpeakers(tripId, words.length > 0);
  const names = useMemo(() => getSpeakerNames(speakers.data?.speakers), [speakers.data]);
  const [isNaming, setIsNaming] = useState(false);
  const voices = useMemo(() => getVoices(words, utterances), [words, utterances]);

  useEffect(() => {
    const list = listRef.current;
    if (!list || words.length === 0) return;
    const wordStarts = words.map((word) => word.start);
    const wordElements = Array.from(list.querySelectorAll<HTMLElement>('[data-word]'));
    const utteranceElements = Array.from(list.querySelectorAll<HTMLElement>('[data-utterance]'));
    const utteranceOfWord = new Int32Array(words.length);
    utterances.forEach((utterance, index) => utteranceOfWord.fill(index, utterance.firstIndex, utterance.endIndex));
    let currentIndex = -1;
    let userScrolledAt = -Infinity;
    let expectedScrollTop = list.scrollTop;

    const keepInView = (element: HTMLElement) => {
      const top = element.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
      const isVisible = top >= list.scrollTop && top + element.offsetHeight <= list.scrollTop + list.clientHeight;
      if (isVisible) return;
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
      expectedScrollTop = list.scrollTop;
    };

    const highlight = (timeMs: number, change: ClockChange) => {
      const index = findCurrentWordIndex(wordStarts, toAudioSeconds(audioStartMs, timeMs));
      if (change === 'seek') userScrolledAt = -Infinity;
      if (index === currentIndex) return;
      if (currentIndex >= 0) {
        wordElements[currentIndex]?.removeAttribute('aria-current');
        utteranceElements[utteranceOfWord[currentIndex]!]?.removeAttribute('data-current');
      }
      currentIndex = index;
      if (index < 0) return;
      const element = wordElements[index];
      if (!element) return;
      element.setAttribute('aria-current', 'true');
      utteranceElements[utteranceOfWord[index]!]?.setAttribute('data-current', 'true');
      if (Date.now() - userScrolledAt > followPauseMs) keepInView(element);
    };

    // Our own scrolling lands where we put it; any other scroll is the person's.
    const handleScroll = () => {
      if (Math.abs(list.scrollTop - expectedScrollTop) > 2) userScrolledAt = Date.now();
      expectedScrollTop = list.scrollTop;
    };
    list.addEventListener('scroll', handleScroll, { passive: true });
    highlight(clock.getTime(), 'tick');
    const unsubscribe = clock.subscribe(highlight);
    return () => {
      unsubscribe();
      list.removeEventListener('scroll', handleScroll);
    };
  }, [words, utterances, audioStartMs, clock]);

  // A click on a word, or on an utterance's time (its first word), seeks there.
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-word], [data-first-word]');
    const word = target ? words[Number(target.dataset.word ?? target.dataset.firstWord)] : undefined;
    if (!word) return;
    clock.seek(fromAudioSeconds(audioStartMs, word.start));
  };

  return (
    <Panel
      label="Transcript"
      title="Transcript"
      actions={
        canEdit && voices.length > 0 && !speakers.isPending && !isNaming ? (
          <Button variant="secondary" onClick={() => setIsNaming(true)} className="px-3 py-1.5">
            <Users size={14} aria-hidden className="mr-1" /> Name speakers
          </Button>
        ) : null
      }
    >
      {generator}
      {isNaming ? (
        <Suspense fallback={null}>
          <SpeakersEditor tripId={tripId} speakers={voices} names={names} onDone={() => setIsNaming(false)} />
        </Suspense>
      ) : null}
      {words.length === 0 ? (
        <p className="text-sm text-slate-600">
          {isInProgress ? 'The transcript is being prepared…' : transcript ? messages.transcriptNoSpeech : 'No transcript for this flight yet.'}
        </p>
      ) : (
        // Positioned, so the utterances' screen-reader text (sr-only is absolute) stays inside the scrolled
        // list instead of lengthening the page below it.
        <div ref={listRef} onClick={handleClick} {...{ [playbackSurfaceAttribute]: '' }} className="relative max-h-[28rem] overflow-y-auto pr-1">
          <TranscriptWords words={words} utterances={utterances} names={names} audioStartMs={audioStartMs} timezone={timezone} />
        </div>
      )}
    </Panel>
  );
}

type TranscriptWordsProps = {
  words: readonly TranscriptWord[];
  utterances: readonly Utterance[];
  names: ReadonlyMap<number, string>;
  audioStartMs: number;
  timezone: Timezone;
};

/**
 * Each utterance's time is a button (the keyboard's way in: one stop per utterance, not one per word, of
 * which a long flight has thousands); each word seeks on a click or tap.
 */
const TranscriptWords = memo(function TranscriptWords({ words, utterances, names, audioStartMs, timezone }: TranscriptWordsProps) {
  return utterances.map((utterance, utteranceIndex) => (
    <div key={utterance.firstIndex} data-utterance={utteranceIndex} className="rounded-md px-2 py-1 data-current:bg-sky-50">
      <p className="flex items-center gap-1 text-xs text-slate-500">
        <span className="font-semibold text-slate-700">{getSpeakerName(utterance.speaker, names)}</span> ·
        <button
          type="button"
          data-first-word={utterance.firstIndex}
          className="min-h-6 rounded px-1 hover:bg-slate-100 hover:text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <span className="sr-only">Go to </span>
          {getTimeLabel(fromAudioSeconds(audioStartMs, utterance.start), timezone)}
        </button>
      </p>
      <p className="text-sm leading-relaxed text-slate-800">
        {words.slice(utterance.firstIndex, utterance.endIndex).map((word, offset) => (
          <Fragment key={offset}>
            <span
              data-word={utterance.firstIndex + offset}
              className="cursor-pointer rounded px-0.5 hover:bg-slate-100 aria-[current=true]:bg-amber-200 aria-[current=true]:text-slate-950"
            >
              {word.punctuated_word ?? word.word}
            </span>{' '}
          </Fragment>
        ))}
      </p>
    </div>
  ));
});
