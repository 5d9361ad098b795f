import { messages, type ClientConfig, type TripDetail } from '@skylog/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  /** Anything that tells how to configure the server: a variable, a provider's name, a restart. */
  const configurationText = /DEEPGRAM|WHISPER|restart|configured/i;

  it('with no provider, an administrator reads which variables to set, under a button that is off', async () => {
    const calls = stubServer('none');
    renderWithProviders(<TranscriptGenerator trip={trip()} viewerRole="org_admin" />);
    const button = await screen.findByRole('button', { name: 'Generate transcript' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(messages.transcriptNotConfigured);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('with no provider, over an existing transcript, the administrator\'s button reads Regenerate', async () => {
    stubServer('none');
    renderWithProviders(<TranscriptGenerator trip={trip({ has_transcript: true })} viewerRole="super_admin" />);
    const button = await screen.findByRole('button', { name: 'Regenerate transcript' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(messages.transcriptNotConfigured)).toBeTruthy();
  });

  it.each(['instructor', 'student'])('with no provider, %s reads whom to ask, never configuration text', async (role) => {
    stubServer('none');
    const { container } = renderWithProviders(<TranscriptGenerator trip={trip()} viewerRole={role} />);
    expect(await screen.findByText(messages.transcriptNotSetUp)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.textContent).not.toMatch(configurationText);
  });

  it.each(['instructor', 'student'])('with no provider, %s sees nothing about it over an existing transcript', async (role) => {
    stubServer('none');
    // A flight without a transcript beside it shows when the configuration has arrived.
    renderWithProviders(
      <>
        <section aria-label="without">
          <TranscriptGenerator trip={trip({ trip_id: 'trip-2' })} viewerRole={role} />
        </section>
        <section aria-label="with">
          <TranscriptGenerator trip={trip({ has_transcript: true })} viewerRole={role} />
        </section>
      </>,
    );
    expect(await within(screen.getByRole('region', { name: 'without' })).findByText(messages.transcriptNotSetUp)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'with' }).textContent).toBe('');
  });

  it('a refusal for want of a provider shows the server\'s words, which name no setting to the crew', async () => {
    stubServer('deepgram', () => ({ status: 409, body: { status: 409, code: 'not_configured', message: messages.transcriptNotSetUp } }));
    const { container } = renderWithProviders(<TranscriptGenerator trip={trip()} viewerRole="student" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate transcript' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Failed to generate transcript: ${messages.transcriptNotSetUp}`);
    expect(container.textContent).not.toMatch(configurationText);
  });

  it('asks the server to transcribe, and shows a refusal in docs/product-spec.md §8 words', async () => {
    const calls = stubServer('deepgram', () => ({ status: 409, body: { status: 409, code: 'conflict', message: messages.transcriptAlreadyRunning } }));
    renderWithProviders(<TranscriptGenerator trip={trip()} viewerRole="instructor" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate transcript' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Failed to generate transcript: ${messages.transcriptAlreadyRunning}`);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('while it runs: the elapsed time and how much audio, no button', async () => {
    stubServer('deepgram');
    renderWithProviders(
      <TranscriptGenerator trip={trip({ transcript_in_progress: true, transcript_started_at: new Date(Date.now() - 65_000).toISOString() })} viewerRole="instructor" />,
    );
    expect((await screen.findByRole('status')).textContent).toMatch(/Transcribing 32 min of audio… 1:0[5-7] elapsed/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('after a failure, says why and offers to try again', async () => {
    stubServer('whisper');
    renderWithProviders(<TranscriptGenerator trip={trip({ transcript_error: 'Failed to generate transcript: Too Many Requests' })} viewerRole="student" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to generate transcript: Too Many Requests');
    expect((screen.getByRole('button', { name: 'Generate transcript' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('regenerating a transcript asks first, saying what is replaced; cancelling sends nothing', async () => {
    const calls = stubServer('deepgram');
    renderWithProviders(<TranscriptGenerator trip={trip({ has_transcript: true })} viewerRole="instructor" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate transcript' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate transcript?' });
    expect(within(dialog).getByText(messages.transcriptRegenerateConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Regenerate transcript' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
  });
});
