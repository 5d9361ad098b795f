import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
  whisperSampleTranscript,
  whisperSampleWords,
} from '../../../test/support/fake-openai-server.ts';
import { TranscriptionError, type TranscriptionInput } from './transcription-provider.ts';
import { createWhisperProvider } from './whisper-provider.ts';

describe('Whisper (OpenAI-compatible) transcription provider', () => {
  let server: FakeOpenAiServer;
  let dir: string;
  let input: TranscriptionInput;
  const audio = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(40_000, 5)]);

  beforeAll(async () => {
    server = await startFakeOpenAiServer();
    dir = await mkdtemp(path.join(tmpdir(), 'skylog-whisper-'));
    const audioPath = path.join(dir, 'playable.opus');
    await writeFile(audioPath, audio);
    input = { path: audioPath, sizeBytes: audio.length, mimeType: 'audio/ogg', keyterms: ['Skyhawk', 'N123AB'] };
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => void server.requests.splice(0));

  const provider = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
    createWhisperProvider({
      baseUrl: server.url,
      apiKey: options.apiKey ?? server.apiKey!,
      model: 'whisper-1',
      timeoutMs: options.timeoutMs ?? 10_000,
    });

  const failureOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => expect.unreachable('the transcription should have failed'),
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(TranscriptionError);
    const { statusText, isRetryable, httpStatus } = error as TranscriptionError;
    return { statusText, isRetryable, httpStatus };
  };

  it('converts verbose_json into the Deepgram-shaped transcript, punctuated from the segments, without speakers', async () => {
    const transcript = await provider().transcribe(input);

    const punctuated = whisperSampleTranscript.split(' ');
    expect(transcript).toEqual({
      results: {
        channels: [
          {
            alternatives: [
              {
                transcript: whisperSampleTranscript,
                words: whisperSampleWords.map(({ word, start, end }, index) => ({ word, start, end, punctuated_word: punctuated[index] })),
              },
            ],
          },
        ],
      },
    });
    expect(JSON.stringify(transcript)).not.toContain('speaker');
  });

  it('uploads the file as multipart with verbose_json, word and segment timestamps, and the keyterms as prompt', async () => {
    await provider().transcribe(input);

    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/audio/transcriptions', isAuthorized: true, isBodyComplete: true });
    expect(request!.fields).toEqual({
      model: ['whisper-1'],
      response_format: ['verbose_json'],
      'timestamp_granularities[]': ['word', 'segment'],
      prompt: ['Skyhawk, N123AB'],
    });
    // Named from the MIME type: OpenAI tells the format by the extension and refuses ".opus".
    expect(request!.file).toEqual({ field: 'file', filename: 'audio.ogg', contentType: 'audio/ogg', bytes: audio.length });
  });

  it('sends a placeholder key to a local server that wants none', async () => {
    const open = await startFakeOpenAiServer({ apiKey: null });
    try {
      const local = createWhisperProvider({ baseUrl: open.url, model: 'Systran/faster-whisper-small', timeoutMs: 5000 });
      expect((await local.transcribe(input)).results.channels[0]!.alternatives[0]!.transcript).toBe(whisperSampleTranscript);
      expect(open.requests[0]!.headers['authorization']).toBe('Bearer none');
    } finally {
      await open.close();
    }
  });

  it('puts words that come out of order back in order, without overlaps', async () => {
    server.replyTranscription({ kind: 'words-out-of-order' });
    const { transcript, words } = (await provider().transcribe(input)).results.channels[0]!.alternatives[0]!;
    expect(words.map((word) => word.word)).toEqual(whisperSampleWords.map((word) => word.word));
    for (const [index, word] of words.entries()) {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      if (index > 0) expect(word.start).toBeGreaterThanOrEqual(words[index - 1]!.end);
    }
    expect(transcript).toBe(whisperSampleTranscript);
  });

  it('spreads the words of a segment over its time when the server gives no word timings', async () => {
    server.replyTranscription({ kind: 'segments-only' });
    const { transcript, words } = (await provider().transcribe(input)).results.channels[0]!.alternatives[0]!;
    expect(transcript).toBe(whisperSampleTranscript);
    expect(words[0]).toEqual({ word: 'tower', punctuated_word: 'Tower,', start: 0.32, end: expect.closeTo(0.696, 3) });
    expect(words.at(-1)).toMatchObject({ word: 'takeoff', punctuated_word: 'takeoff.', end: 7.6 });
  });

  it('answers an empty transcript for a recording without speech', async () => {
    server.replyTranscription({ kind: 'no-speech' });
    expect(await provider().transcribe(input)).toEqual({ results: { channels: [{ alternatives: [{ transcript: '', words: [] }] }] } });
  });

  it('maps 401, 429 and 500 like the Deepgram provider, each in one attempt', async () => {
    expect(await failureOf(provider({ apiKey: 'wrong' }).transcribe(input))).toEqual({
      statusText: 'Unauthorized: check WHISPER_API_KEY',
      isRetryable: false,
      httpStatus: 401,
    });
    server.replyTranscription({ kind: 'error', status: 429 }, { kind: 'error', status: 500 });
    expect(await failureOf(provider().transcribe(input))).toEqual({ statusText: 'Too Many Requests', isRetryable: true, httpStatus: 429 });
    expect(await failureOf(provider().transcribe(input))).toEqual({
      statusText: 'Internal Server Error',
      isRetryable: true,
      httpStatus: 500,
    });
    expect(server.requests).toHaveLength(3);
  });

  it('gives up when the server does not answer in time', async () => {
    server.replyTranscription({ kind: 'hang' });
    expect(await failureOf(provider({ timeoutMs: 300 }).transcribe(input))).toEqual({
      statusText: 'The transcription service did not answer within 300 milliseconds',
      isRetryable: true,
      httpStatus: null,
    });
  });

  it('refuses an answer that is not JSON', async () => {
    server.replyTranscription({ kind: 'malformed-json' });
    expect(await failureOf(provider().transcribe(input))).toEqual({
      statusText: 'The transcription service sent an answer Skylog cannot read',
      isRetryable: false,
      httpStatus: null,
    });
  });

  it('names the host it cannot reach', async () => {
    const gone = await startFakeOpenAiServer();
    await gone.close();
    const unreachable = createWhisperProvider({ baseUrl: gone.url, model: 'whisper-1', timeoutMs: 5000 });
    expect(await failureOf(unreachable.transcribe(input))).toEqual({
      statusText: `Cannot reach the transcription service at ${new URL(gone.url).host}`,
      isRetryable: true,
      httpStatus: null,
    });
  });
});
