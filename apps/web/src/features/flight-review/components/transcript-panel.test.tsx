import type { SpeakerName, TranscriptJson, TranscriptWord } from '@skylog/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type ApiCall } from '../../../test-utils.tsx';
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
}: { transcript?: TranscriptJson | null; canEdit?: boolean } = {}) {
  const clock = new PlaybackClock();
  clock.setRange(audioStartMs, audioStartMs + 60_000);
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

const currentWords = () => screen.getByRole('region', { name: 'Transcript' }).querySelectorAll('[aria-current="true"]');

describe('TranscriptPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

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
});
