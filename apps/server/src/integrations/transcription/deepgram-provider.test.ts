import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deepgramSampleTranscript,
  deepgramSampleWords,
  type FakeDeepgramServer,
  startFakeDeepgramServer,
} from '../../../test/support/fake-deepgram-server.ts';
import { createDeepgramProvider } from './deepgram-provider.ts';
import { TranscriptionError, type TranscriptionInput } from './transcription-provider.ts';

describe('Deepgram transcription provider', () => {
  let server: FakeDeepgramServer;
  let dir: string;
  let input: TranscriptionInput;
  const audio = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(40_000, 3)]);

  beforeAll(async () => {
    server = await startFakeDeepgramServer();
    dir = await mkdtemp(path.join(tmpdir(), 'skylog-deepgram-'));
    const audioPath = path.join(dir, 'playable.opus');
    await writeFile(audioPath, audio);
    input = { path: audioPath, sizeBytes: audio.length, mimeType: 'audio/ogg', keyterms: ['Skyhawk', 'N123AB', 'Runway 27'] };
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => void server.requests.splice(0));

  const provider = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
    createDeepgramProvider({ apiKey: options.apiKey ?? server.apiKey, baseUrl: server.url, timeoutMs: options.timeoutMs ?? 10_000 });

  /** The TranscriptionError a failing call ends with. */
  const failureOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => expect.unreachable('the transcription should have failed'),
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(TranscriptionError);
    const { statusText, isRetryable, httpStatus } = error as TranscriptionError;
    return { statusText, isRetryable, httpStatus };
  };

  it('sends the audio with diarization, smart formatting and the keyterms, and answers the stored transcript shape', async () => {
    const transcript = await provider().transcribe(input);

    expect(transcript).toEqual({
      results: {
        channels: [
          {
            alternatives: [
              {
                transcript: deepgramSampleTranscript,
                words: deepgramSampleWords.map(({ word, punctuated_word, start, end, speaker, confidence }) => ({
                  word,
                  punctuated_word,
                  start,
                  end,
                  speaker,
                  confidence,
                })),
              },
            ],
          },
        ],
      },
    });
    // Only what Skylog reads is kept: no metadata, utterances or speaker_confidence.
    expect(JSON.stringify(transcript)).not.toMatch(/metadata|utterances|speaker_confidence/);

    const [request] = server.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/listen',
      isAuthorized: true,
      bodyBytes: audio.length,
      isBodyComplete: true,
    });
    expect(request!.query).toMatchObject({
      model: ['nova-3'],
      diarize: ['true'],
      punctuate: ['true'],
      smart_format: ['true'],
      utterances: ['true'],
      keyterm: ['Skyhawk', 'N123AB', 'Runway 27'],
    });
    expect(request!.headers['authorization']).toBe(`Token ${server.apiKey}`);
    expect(request!.headers['content-type']).toBe('audio/ogg');
  });

  it('sends no keyterm when there are none', async () => {
    await provider().transcribe({ ...input, keyterms: [] });
    expect(server.requests[0]!.query['keyterm']).toBeUndefined();
  });

  it('puts words that come out of order back in order, without overlaps', async () => {
    server.reply({ kind: 'words-out-of-order' });
    const { transcript, words } = (await provider().transcribe(input)).results.channels[0]!.alternatives[0]!;
    expect(transcript).toBe(deepgramSampleTranscript);
    for (const [index, word] of words.entries()) {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      if (index > 0) expect(word.start).toBeGreaterThanOrEqual(words[index - 1]!.end);
    }
  });

  it('answers an empty transcript for a recording without speech', async () => {
    server.reply({ kind: 'no-speech' });
    expect(await provider().transcribe(input)).toEqual({ results: { channels: [{ alternatives: [{ transcript: '', words: [] }] }] } });
  });

  it('refuses a wrong API key with a hint at the setting to check', async () => {
    expect(await failureOf(provider({ apiKey: 'not-the-key' }).transcribe(input))).toEqual({
      statusText: 'Unauthorized: check DEEPGRAM_API_KEY',
      isRetryable: false,
      httpStatus: 401,
    });
  });

  it('reports 429 and 500 as worth retrying, each in one attempt', async () => {
    server.reply({ kind: 'error', status: 429 }, { kind: 'error', status: 500 });
    expect(await failureOf(provider().transcribe(input))).toEqual({ statusText: 'Too Many Requests', isRetryable: true, httpStatus: 429 });
    expect(await failureOf(provider().transcribe(input))).toEqual({
      statusText: 'Internal Server Error',
      isRetryable: true,
      httpStatus: 500,
    });
    // The SDK's own retries are off: the file stream can be sent once, and the job queue retries.
    expect(server.requests).toHaveLength(2);
  });

  it("shows Deepgram's reason for a 400, which names the problem with the audio", async () => {
    server.reply({ kind: 'error', status: 400 });
    expect(await failureOf(provider().transcribe(input))).toEqual({
      statusText: 'Bad Request: Bad Request: failed to process audio: corrupt or unsupported data',
      isRetryable: false,
      httpStatus: 400,
    });
  });

  it('gives up when Deepgram does not answer in time', async () => {
    server.reply({ kind: 'hang' });
    const startedAt = Date.now();
    expect(await failureOf(provider({ timeoutMs: 300 }).transcribe(input))).toEqual({
      statusText: 'The transcription service did not answer within 300 milliseconds',
      isRetryable: true,
      httpStatus: null,
    });
    expect(Date.now() - startedAt).toBeLessThan(5000);
  });

  it('refuses an answer that is not JSON', async () => {
    server.reply({ kind: 'malformed-json' });
    expect(await failureOf(provider().transcribe(input))).toEqual({
      statusText: 'The transcription service sent an answer Skylog cannot read',
      isRetryable: false,
      httpStatus: null,
    });
  });

  it('refuses JSON that is not a transcript', async () => {
    server.reply({ kind: 'success', body: { results: { channels: [{ alternatives: [{ transcript: 'x', words: 'none' }] }] } } });
    expect((await failureOf(provider().transcribe(input))).statusText).toBe('The transcription service sent an answer Skylog cannot read');
  });

  it('names the host it cannot reach', async () => {
    const gone = await startFakeDeepgramServer();
    await gone.close();
    const unreachable = createDeepgramProvider({ apiKey: 'key', baseUrl: gone.url, timeoutMs: 5000 });
    expect(await failureOf(unreachable.transcribe(input))).toEqual({
      statusText: `Cannot reach the transcription service at ${new URL(gone.url).host}`,
      isRetryable: true,
      httpStatus: null,
    });
  });

  it('stops when the caller cancels', async () => {
    server.reply({ kind: 'hang' });
    const controller = new AbortController();
    const transcription = provider().transcribe({ ...input, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await failureOf(transcription)).toEqual({ statusText: 'The transcription was cancelled', isRetryable: false, httpStatus: null });
  });
});
