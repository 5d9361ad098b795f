import { messages, type ClientConfig, type TripDetail } from '@skylog/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type ApiAnswer, type ApiCall } from '../../../test-utils.tsx';
import { TranscriptGenerator } from './transcript-generator.tsx';

const config = (provider: ClientConfig['transcription_provider']): ClientConfig => ({
  map_tile_url: null,
  map_attribution: null,
  audio_upload_max_bytes: 1,
  track_file_max_bytes: 1,
  billing_enabled: false,
  transcription_provider: provider,
  ai_notes_provider: 'rules',
  sign_in_providers: [],
});

type GeneratorTrip = Parameters<typeof TranscriptGenerator>[0]['trip'];

const trip = (changes: Partial<TripDetail> = {}): GeneratorTrip => ({
  trip_id: 'trip-1',
  audio: { status: 'ready', duration_ms: 32 * 60_000, mime_type: 'audio/ogg', size_bytes: 1000, error: null, started_at: 0 },
  record_uri: '/api/trips/trip-1/audio',
  can_edit: true,
  has_transcript: false,
  transcript_in_progress: false,
  transcript_error: null,
  transcript_started_at: null,
  ...changes,
});

function stubServer(provider: ClientConfig['transcription_provider'], answerPost: (call: ApiCall) => ApiAnswer = () => ({ status: 202, body: {} })) {
  return stubApi((call) => {
    if (call.url === '/api/client-config') return { status: 200, body: config(provider) };
    if (call.url === '/api/trips/trip-1/transcription' && call.method === 'POST') return answerPost(call);
    return { status: 200, body: {} };
  });
}

describe('Generate transcript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('with no provider configured, the button is off and says which variables to set', async () => {
    const calls = stubServer('none');
    renderWithProviders(<TranscriptGenerator trip={trip()} />);
    const button = await screen.findByRole('button', { name: 'Generate transcript' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(messages.transcriptNotConfigured);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks the server to transcribe, and shows a refusal in spec §8 words', async () => {
    const calls = stubServer('deepgram', () => ({ status: 409, body: { status: 409, code: 'conflict', message: messages.transcriptAlreadyRunning } }));
    renderWithProviders(<TranscriptGenerator trip={trip()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate transcript' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Failed to generate transcript: ${messages.transcriptAlreadyRunning}`);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('while it runs: the elapsed time and how much audio, no button', async () => {
    stubServer('deepgram');
    renderWithProviders(<TranscriptGenerator trip={trip({ transcript_in_progress: true, transcript_started_at: new Date(Date.now() - 65_000).toISOString() })} />);
    expect((await screen.findByRole('status')).textContent).toMatch(/Transcribing 32 min of audio… 1:0[5-7] elapsed/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('after a failure, says why and offers to try again', async () => {
    stubServer('whisper');
    renderWithProviders(<TranscriptGenerator trip={trip({ transcript_error: 'Failed to generate transcript: Too Many Requests' })} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to generate transcript: Too Many Requests');
    expect((screen.getByRole('button', { name: 'Generate transcript' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('regenerating a transcript asks first', async () => {
    const calls = stubServer('deepgram');
    renderWithProviders(<TranscriptGenerator trip={trip({ has_transcript: true })} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate transcript' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
  });
});
