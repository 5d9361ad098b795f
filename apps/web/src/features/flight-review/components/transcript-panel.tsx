import { messages, type TranscriptJson, type TranscriptWord } from '@skylog/contracts';
import { defaultRangeExtractor, elementScroll, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { Users } from 'lucide-react';
import {
  Fragment,
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
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

/** The transcript list's greatest height, 28rem (its class says so too). */
const listMaxHeightPx = 28 * 16;
/** After a person scrolls the transcript, it stops following the audio for this long. */
const followPauseMs = 5000;
/**
 * Utterances rendered beyond each edge of the visible ones: enough that a short transcript renders whole
 * and Tab reaches the next utterance's time before the list has to scroll to it.
 */
const overscanUtterances = 8;

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

export function TranscriptPanel({
  tripId,
  transcript,
  canEdit,
  isInProgress,
  audioStartMs,
  clock,
  timezone,
  generator,
}: TranscriptPanelProps) {
  const words = useMemo(() => getTranscriptWords(transcript), [transcript]);
  const utterances = useMemo(() => groupUtterances(words), [words]);
  const speakers = useSpeakers(tripId, words.length > 0);
  const names = useMemo(() => getSpeakerNames(speakers.data?.speakers), [speakers.data]);
  const [isNaming, setIsNaming] = useState(false);
  const voices = useMemo(() => getVoices(words, utterances), [words, utterances]);

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
          {isInProgress
            ? 'The transcript is being prepared…'
            : transcript
              ? messages.transcriptNoSpeech
              : 'No transcript for this flight yet.'}
        </p>
      ) : (
        <TranscriptList words={words} utterances={utterances} names={names} audioStartMs={audioStartMs} clock={clock} timezone={timezone} />
      )}
    </Panel>
  );
}

/** The word being spoken, outside React: each utterance reads whether it holds it, so a new word re-renders one or two. */
class CurrentWord {
  private index = -1;
  private readonly listeners = new Set<() => void>();

  get = (): number => this.index;

  set(index: number): void {
    if (index === this.index) return;
    this.index = index;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
}

type Following = {
  /** The word the list scrolls to, kept until the person scrolls: utterances are measured as they appear. */
  word: number;
  userScrolledAt: number;
  /** Where the list's own scrolling left it: a scroll that lands elsewhere is the person's. */
  expectedScrollTop: number;
};

/** Height of an utterance before it is measured: its speaker line and about ten words a line. */
function estimateUtteranceHeight(utterance: Utterance): number {
  return 32 + 23 * Math.ceil((utterance.endIndex - utterance.firstIndex) / 10);
}

type TranscriptListProps = {
  words: readonly TranscriptWord[];
  utterances: readonly Utterance[];
  names: ReadonlyMap<number, string>;
  audioStartMs: number;
  clock: PlaybackClock;
  timezone: Timezone;
};

/**
 * Only the utterances in and near view are rendered (a three-hour flight has thousands of words, too many
 * nodes for a phone to build at once). The clock ticks every frame; the list itself re-renders only when it
 * scrolls, and a new current word re-renders only the utterances it leaves and enters.
 */
function TranscriptList({ words, utterances, names, audioStartMs, clock, timezone }: TranscriptListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [currentWord] = useState(() => new CurrentWord());
  const following = useRef<Following>({ word: -1, userScrolledAt: -Infinity, expectedScrollTop: 0 });
  /** The utterance whose time has the keyboard's focus stays rendered, however far the list scrolls. */
  const focusedUtterance = useRef(-1);
  /** Runs after every render of the list: the word it is waiting to scroll to may have just appeared. */
  const afterRender = useRef<() => void>(() => {});

  // Before the virtualiser's own listener (effects run in order): the list re-renders inside that one, and
  // must know by then that the person scrolled, or it would scroll back to the word it was following.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // A new list starts at its top (reading scrollTop here would lay the whole page out before it is painted).
    const state = following.current;
    state.expectedScrollTop = 0;
    const handleScroll = () => {
      const top = list.scrollTop;
      // The browser stops short of a target past the end when measured utterances are shorter than expected.
      const isClampedOwn = state.expectedScrollTop > top && top >= list.scrollHeight - list.clientHeight - 2;
      if (Math.abs(top - state.expectedScrollTop) > 2 && !isClampedOwn) {
        state.userScrolledAt = Date.now();
        state.word = -1;
      }
      state.expectedScrollTop = top;
    };
    list.addEventListener('scroll', handleScroll, { passive: true });
    return () => list.removeEventListener('scroll', handleScroll);
  }, []);

  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const focused = focusedUtterance.current;
    if (focused < 0 || focused >= range.count || indexes.includes(focused)) return indexes;
    return [...indexes, focused].sort((a, b) => a - b);
  }, []);
  const virtualizer = useVirtualizer({
    count: utterances.length,
    getScrollElement: () => listRef.current,
    estimateSize: (index) => estimateUtteranceHeight(utterances[index]!),
    overscan: overscanUtterances,
    // The list's greatest height (max-h-[28rem]), so the first render already holds the utterances in view.
    initialRect: { width: 0, height: listMaxHeightPx },
    rangeExtractor,
    // Every scroll the list makes itself, to follow the audio or to keep what is in view still while
    // utterances are measured, goes through here; any other is the person's.
    scrollToFn: (offset, options, instance) => {
      elementScroll(offset, options, instance);
      following.current.expectedScrollTop = instance.scrollElement?.scrollTop ?? 0;
    },
  });

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const state = following.current;
    const wordStarts = words.map((word) => word.start);
    const utteranceOfWord = new Int32Array(words.length);
    utterances.forEach((utterance, index) => utteranceOfWord.fill(index, utterance.firstIndex, utterance.endIndex));

    const findWord = (index: number) => list.querySelector<HTMLElement>(`[data-word="${index}"]`);
    // The word's top in the list: its utterance's as the virtualiser has measured it (the rendered position
    // can lag a render behind while utterances above are measured), plus the word's place within it.
    const keepInView = (element: HTMLElement, index: number) => {
      const row = element.closest<HTMLElement>('[data-utterance]');
      const utteranceTop = virtualizer.getVirtualItems().find((item) => item.index === utteranceOfWord[index])?.start;
      if (!row || utteranceTop === undefined) return;
      const top = utteranceTop + element.getBoundingClientRect().top - row.getBoundingClientRect().top;
      const isVisible = top >= list.scrollTop && top + element.offsetHeight <= list.scrollTop + list.clientHeight;
      if (!isVisible) virtualizer.scrollToOffset(Math.max(0, top - list.clientHeight / 3));
    };
    const follow = (index: number) => {
      state.word = index;
      const element = findWord(index);
      if (element) {
        keepInView(element, index);
        return;
      }
      // Its utterance is not rendered: go where the list expects it, and to the word itself once it is there.
      const offset = virtualizer.getOffsetForIndex(utteranceOfWord[index]!, 'start')?.[0];
      if (offset !== undefined) virtualizer.scrollToOffset(Math.max(0, offset - list.clientHeight / 3));
    };
    afterRender.current = () => {
      if (state.word < 0) return;
      const element = findWord(state.word);
      if (element) keepInView(element, state.word);
    };

    const highlight = (timeMs: number, change: ClockChange) => {
      const index = findCurrentWordIndex(wordStarts, toAudioSeconds(audioStartMs, timeMs));
      const isSeek = change === 'seek';
      if (isSeek) state.userScrolledAt = -Infinity;
      if (index === currentWord.get() && !isSeek) return;
      currentWord.set(index);
      if (index >= 0 && Date.now() - state.userScrolledAt > followPauseMs) follow(index);
      else state.word = -1;
    };
    highlight(clock.getTime(), 'tick');
    const unsubscribe = clock.subscribe(highlight);
    return () => {
      unsubscribe();
      afterRender.current = () => {};
    };
  }, [words, utterances, audioStartMs, clock, currentWord, virtualizer]);

  useLayoutEffect(() => afterRender.current());

  // A click on a word, or on an utterance's time (its first word), seeks there.
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-word], [data-first-word]');
    const word = target ? words[Number(target.dataset.word ?? target.dataset.firstWord)] : undefined;
    if (!word) return;
    clock.seek(fromAudioSeconds(audioStartMs, word.start));
  };
  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    focusedUtterance.current = Number(event.target.closest<HTMLElement>('[data-utterance]')?.dataset.utterance ?? -1);
  };
  const handleBlur = () => {
    focusedUtterance.current = -1;
  };

  return (
    <div
      ref={listRef}
      onClick={handleClick}
      onFocus={handleFocus}
      onBlur={handleBlur}
      {...{ [playbackSurfaceAttribute]: '' }}
      // The list keeps what is in view still as utterances are measured; the browser's own anchoring would do it twice.
      className="max-h-[28rem] overflow-y-auto pr-1 [overflow-anchor:none]"
    >
      {/* Positioned, so the utterances' screen-reader text (sr-only is absolute) stays inside the scrolled list. */}
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <TranscriptUtterance
            key={item.key}
            index={item.index}
            start={item.start}
            utterance={utterances[item.index]!}
            words={words}
            names={names}
            audioStartMs={audioStartMs}
            timezone={timezone}
            currentWord={currentWord}
            virtualizer={virtualizer}
          />
        ))}
      </div>
    </div>
  );
}

type TranscriptUtteranceProps = {
  index: number;
  /** Its top in the list, as measured so far. */
  start: number;
  utterance: Utterance;
  words: readonly TranscriptWord[];
  names: ReadonlyMap<number, string>;
  audioStartMs: number;
  timezone: Timezone;
  currentWord: CurrentWord;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
};

/**
 * Each utterance's time is a button (the keyboard's way in: one stop per utterance, not one per word, of
 * which a long flight has thousands); each word seeks on a click or tap.
 */
const TranscriptUtterance = memo(function TranscriptUtterance({
  index,
  start,
  utterance,
  words,
  names,
  audioStartMs,
  timezone,
  currentWord,
  virtualizer,
}: TranscriptUtteranceProps) {
  const current = useSyncExternalStore(currentWord.subscribe, () => {
    const word = currentWord.get();
    return word >= utterance.firstIndex && word < utterance.endIndex ? word : -1;
  });
  return (
    <div
      ref={virtualizer.measureElement}
      data-index={index}
      data-utterance={index}
      data-current={current >= 0 ? 'true' : undefined}
      className="absolute top-0 left-0 w-full rounded-md px-2 py-1 data-current:bg-sky-50"
      style={{ transform: `translateY(${start}px)` }}
    >
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
        {words.slice(utterance.firstIndex, utterance.endIndex).map((word, offset) => {
          const wordIndex = utterance.firstIndex + offset;
          return (
            <Fragment key={offset}>
              <span
                data-word={wordIndex}
                aria-current={wordIndex === current ? 'true' : undefined}
                className="cursor-pointer rounded px-0.5 hover:bg-slate-100 aria-[current=true]:bg-amber-200 aria-[current=true]:text-slate-950"
              >
                {word.punctuated_word ?? word.word}
              </span>{' '}
            </Fragment>
          );
        })}
      </p>
    </div>
  );
});
