import type { SpeakerName, TranscriptJson, TranscriptWord } from '@skylog/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type ApiCall } from '../../../test-utils.tsx';
import { PlaybackClock } from '../utils/playback-clock.ts';
import { playbackSurfaceAttribute } from '../utils/shortcuts.ts';
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

/** The transcript list's height on a screen (28rem), and each utterance's. */
const listHeight = 448;
const utteranceHeight = 60;

/**
 * happy-dom lays nothing out, and the list renders only the utterances that fit in its height: here it has the
 * height it has on a screen, each utterance a height, and a scroll fires a scroll event afterwards as a
 * browser's does.
 */
function layOut() {
  const isList = (element: HTMLElement) => element.hasAttribute(playbackSurfaceAttribute);
  const sizes: Record<'clientHeight' | 'offsetHeight' | 'scrollHeight', (element: HTMLElement) => number> = {
    clientHeight: (element) => (isList(element) ? listHeight : 0),
    offsetHeight: (element) => (element.hasAttribute('data-utterance') ? utteranceHeight : 0),
    scrollHeight: (element) => (isList(element) ? parseFloat((element.firstElementChild as HTMLElement | null)?.style.height ?? '0') : 0),
  };
  for (const [name, size] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return size(this);
      },
    });
  }
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    setTimeout(() => this.dispatchEvent(new Event('scroll')));
  };
  return () => {
    for (const name of Object.keys(sizes)) Reflect.deleteProperty(HTMLElement.prototype, name);
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
  };
}

const speakersUrl = '/api/trips/trip-1/speakers';

/** The server as far as the panel asks it: the flight's saved speaker names, and saving new ones. */
function stubSpeakers(saved: SpeakerName[] = [], answerPut?: (call: ApiCall) => { status: number; body?: unknown }): ApiCall[] {
  return stubApi((call) => {
    if (call.url === speakersUrl && call.method === 'GET') return { status: 200, body: { speakers: saved } };
    if (call.url === speakersUrl && call.method === 'PUT') return answerPut?.(call) ?? { status: 200, body: call.body };
    return { status: 404, body: { status: 404, code: 'not_found', message: 'Not found' } };
  });
}

function renderPanel({
  transcript = transcriptOf(words),
  canEdit = false,
  durationMs = 60_000,
}: { transcript?: TranscriptJson | null; canEdit?: boolean; durationMs?: number } = {}) {
  const clock = new PlaybackClock();
  clock.setRange(audioStartMs, audioStartMs + durationMs);
  renderWithProviders(
    <TranscriptPanel
      tripId="trip-1"
      transcript={transcript}
      canEdit={canEdit}
      isInProgress={false}
      audioStartMs={audioStartMs}
      clock={clock}
      timezone="UTC"
    />,
  );
  return clock;
}

const speakerLabels = () =>
  Array.from(
    screen.getByRole('region', { name: 'Transcript' }).querySelectorAll('[data-utterance] span.font-semibold'),
    (label) => label.textContent,
  );

/** A long flight's transcript: 500 utterances of ten words, two voices taking turns every 6 s (5,000 words, 50 min). */
function longWords(): TranscriptWord[] {
  return Array.from({ length: 5000 }, (_, index) => {
    const utterance = Math.floor(index / 10);
    const start = utterance * 6 + (index % 10) * 0.4;
    return { word: `word${index}`, punctuated_word: `Word${index}`, start, end: start + 0.3, speaker: utterance % 2 };
  });
}

const transcriptList = () =>
  screen.getByRole('region', { name: 'Transcript' }).querySelector<HTMLElement>(`[${playbackSurfaceAttribute}]`)!;
const wordElement = (index: number) => transcriptList().querySelector(`[data-word="${index}"]`);

const currentWords = () => screen.getByRole('region', { name: 'Transcript' }).querySelectorAll('[aria-current="true"]');

describe('TranscriptPanel', () => {
  let undoLayout = () => {};
  beforeEach(() => {
    undoLayout = layOut();
  });
  afterEach(() => {
    undoLayout();
    vi.unstubAllGlobals();
  });

  it('groups words into utterances by speaker and silence, labelled from Speaker 1 until they are named', () => {
    stubSpeakers();
    renderPanel();
    expect(screen.getAllByText('Speaker 1')).toHaveLength(1);
    // Speaker 2 speaks twice, 3.4 s apart: two utterances.
    expect(screen.getAllByText('Speaker 2')).toHaveLength(2);
    expect(screen.getByText('09:00:01Z', { exact: false })).toBeTruthy();
  });

  it('highlights the word being spoken as the clock runs, one at a time', () => {
    stubSpeakers();
    const clock = renderPanel();
    expect(currentWords()).toHaveLength(0);
    act(() => clock.update(audioStartMs + 1600));
    expect(currentWords()).toHaveLength(1);
    expect(screen.getByText('two').getAttribute('aria-current')).toBe('true');
    act(() => clock.update(audioStartMs + 4000));
    expect(currentWords()).toHaveLength(1);
    expect(screen.getByText('Roger.').getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('two').getAttribute('aria-current')).toBeNull();
  });

  it('seeks everything to the start of a clicked word', () => {
    stubSpeakers();
    const clock = renderPanel();
    fireEvent.click(screen.getByText('Climbing'));
    expect(clock.getTime()).toBe(audioStartMs + 6000);
    expect(screen.getByText('Climbing').getAttribute('aria-current')).toBe('true');
  });

  it("seeks to an utterance's first word from its time, the transcript's one keyboard stop per utterance", () => {
    stubSpeakers();
    const clock = renderPanel();
    const utteranceTimes = screen.getAllByRole('button', { name: /^Go to / });
    expect(utteranceTimes).toHaveLength(3);
    fireEvent.click(utteranceTimes[1]!);
    expect(clock.getTime()).toBe(audioStartMs + 2200);
  });

  it('says so when there is no transcript, and asks for no names', () => {
    const calls = stubSpeakers();
    renderPanel({ transcript: null });
    expect(screen.getByText('No transcript for this flight yet.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the names the flight’s speakers were given, and no naming to those who may not edit', async () => {
    stubSpeakers([
      { speaker: 0, label: 'Instructor' },
      { speaker: 1, label: 'Leo Nakamura' },
    ]);
    renderPanel();
    await waitFor(() => expect(speakerLabels()).toEqual(['Instructor', 'Leo Nakamura', 'Leo Nakamura']));
    expect(screen.queryByRole('button', { name: 'Name speakers' })).toBeNull();
  });

  it('names the speakers: a role, or a person typed in; a speaker left unnamed is not sent', async () => {
    const calls = stubSpeakers([{ speaker: 1, label: 'Student' }]);
    renderPanel({ canEdit: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Name speakers' }));
    const form = await screen.findByRole('form', { name: 'Name the speakers' });
    // Each voice with its first words, to tell them apart; the saved name is the starting choice.
    expect(within(form).getByText('First heard: “Cessna two”')).toBeTruthy();
    expect((within(form).getByLabelText('Speaker 2') as HTMLSelectElement).value).toBe('Student');

    fireEvent.change(within(form).getByLabelText('Speaker 1'), { target: { value: 'name' } });
    fireEvent.change(await within(form).findByLabelText('Name of Speaker 1'), { target: { value: '  Iris Calder ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save names' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      speakers: [
        { speaker: 0, label: 'Iris Calder' },
        { speaker: 1, label: 'Student' },
      ],
    });
    await waitFor(() => expect(speakerLabels()).toEqual(['Iris Calder', 'Student', 'Student']));
    expect(screen.queryByRole('form', { name: 'Name the speakers' })).toBeNull();
  });

  it('asks for a name before saving one, and shows the server’s message under it', async () => {
    const calls = stubSpeakers([], () => ({
      status: 400,
      body: {
        status: 400,
        code: 'validation_error',
        message: 'Too long',
        fields: { 'speakers.0.label': "A speaker's name must be at most 60 characters" },
      },
    }));
    renderPanel({ canEdit: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Name speakers' }));
    const form = await screen.findByRole('form', { name: 'Name the speakers' });
    fireEvent.change(within(form).getByLabelText('Speaker 2'), { target: { value: 'name' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save names' }));
    expect(await within(form).findByText('Name the speaker')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Name of Speaker 2'), { target: { value: 'Leo' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save names' }));
    expect(await within(form).findByText("A speaker's name must be at most 60 characters")).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ speakers: [{ speaker: 1, label: 'Leo' }] });
  });

  it('renders a long transcript a window at a time, and scrolls to the word being spoken near its end', async () => {
    stubSpeakers();
    const long = longWords();
    const clock = renderPanel({ transcript: transcriptOf(long), durationMs: 3_000_000 });
    const list = transcriptList();
    // The utterances in view and a few either side: not 500 of them, and not 5,000 words.
    const rendered = list.querySelectorAll('[data-utterance]').length;
    expect(rendered).toBeGreaterThanOrEqual(Math.ceil(listHeight / utteranceHeight));
    expect(rendered).toBeLessThan(30);
    expect(list.querySelectorAll('[data-word]').length).toBe(rendered * 10);
    expect(wordElement(4990)).toBeNull();

    act(() => clock.update(audioStartMs + long[4990]!.start * 1000 + 100));
    await waitFor(() => expect(wordElement(4990)?.getAttribute('aria-current')).toBe('true'));
    expect(wordElement(4990)!.closest('[data-utterance]')!.getAttribute('data-current')).toBe('true');
    expect(currentWords()).toHaveLength(1);
    expect(wordElement(0)).toBeNull();
    // Its utterance is where the list is scrolled to, and the list is still a window of utterances.
    const top = Number(
      /translateY\((\d+(?:\.\d+)?)px\)/.exec(wordElement(4990)!.closest<HTMLElement>('[data-utterance]')!.style.transform)?.[1],
    );
    expect(top).toBeGreaterThanOrEqual(list.scrollTop);
    expect(top + utteranceHeight).toBeLessThanOrEqual(list.scrollTop + listHeight);
    expect(list.querySelectorAll('[data-utterance]').length).toBeLessThan(30);

    fireEvent.click(wordElement(4985)!);
    expect(clock.getTime()).toBe(audioStartMs + long[4985]!.start * 1000);
    expect(wordElement(4985)!.getAttribute('aria-current')).toBe('true');
  });

  it('stops following the audio for a while after the person scrolls the list; a seek follows at once', async () => {
    stubSpeakers();
    const long = longWords();
    const clock = renderPanel({ transcript: transcriptOf(long), durationMs: 3_000_000 });
    const list = transcriptList();
    act(() => {
      list.scrollTop = 100 * utteranceHeight;
      list.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(wordElement(1000)).not.toBeNull());
    // The utterances measured on the way keep what is in view where it is.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reading = list.scrollTop;

    // The audio plays on far below where the person is reading: the list stays there.
    act(() => clock.update(audioStartMs + long[4000]!.start * 1000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(list.scrollTop).toBe(reading);
    expect(wordElement(4000)).toBeNull();
    expect(wordElement(1000)).not.toBeNull();

    act(() => clock.seek(audioStartMs + long[3000]!.start * 1000));
    await waitFor(() => expect(wordElement(3000)?.getAttribute('aria-current')).toBe('true'));
    expect(currentWords()).toHaveLength(1);
  });
});
