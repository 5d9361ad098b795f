import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { setImmediate, setTimeout } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDeepgramServer } from '../../../test/support/fake-deepgram-server.ts';
import { startFakeOpenAiServer } from '../../../test/support/fake-openai-server.ts';
import { createDeepgramProvider } from './deepgram-provider.ts';
import type { TranscriptionInput } from './transcription-provider.ts';
import { createWhisperProvider } from './whisper-provider.ts';

// Garbage from the chunks already sent can outweigh what is really held, and when V8 collects it varies from
// run to run; a forced collection before each sample leaves only what is held, so the measure is the same every run.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The most memory (JS heap and buffers) held at once while `run` works, beyond what was held before. */
async function peakHeldBytes(run: () => Promise<unknown>): Promise<number> {
  const held = async () => {
    collectGarbage();
    await setImmediate();
    collectGarbage();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const before = await held();
  let peak = 0;
  let isRunning = true;
  const sampling = (async () => {
    while (isRunning) {
      await setTimeout(50);
      peak = Math.max(peak, (await held()) - before);
    }
  })();
  try {
    await run();
  } finally {
    isRunning = false;
    await sampling;
  }
  return peak;
}

describe('a long recording streams from disk to the provider', () => {
  const size = 64 * 1024 * 1024;
  let dir: string;
  let input: TranscriptionInput;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'skylog-streaming-'));
    const audioPath = path.join(dir, 'long-flight.ogg');
    // Written a megabyte at a time, so the test itself never holds the file either.
    const out = createWriteStream(audioPath);
    const block = Buffer.alloc(1024 * 1024, 0x4f);
    for (let written = 0; written < size; written += block.length) {
      if (!out.write(block)) await once(out, 'drain');
    }
    out.end();
    await finished(out);
    input = { path: audioPath, sizeBytes: size, mimeType: 'audio/ogg', keyterms: [] };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('to Deepgram: every byte arrives, and memory holds far less than the file', async () => {
    const server = await startFakeDeepgramServer();
    try {
      const provider = createDeepgramProvider({ apiKey: server.apiKey, baseUrl: server.url, timeoutMs: 60_000 });
      const held = await peakHeldBytes(() => provider.transcribe(input));
      expect(server.requests[0]).toMatchObject({ bodyBytes: size, isBodyComplete: true });
      // Buffered, the whole 64 MB would be held at once (Node's fetch did so until fetchWithoutBodyCopy).
      expect(held).toBeLessThan(size / 2);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('to a Whisper server: every byte arrives in the multipart body, and memory holds far less than the file', async () => {
    const server = await startFakeOpenAiServer();
    try {
      const provider = createWhisperProvider({ baseUrl: server.url, apiKey: server.apiKey!, model: 'whisper-1', timeoutMs: 60_000 });
      const held = await peakHeldBytes(() => provider.transcribe(input));
      expect(server.requests[0]!.file).toMatchObject({ bytes: size });
      expect(server.requests[0]!.headers['transfer-encoding']).toBe('chunked');
      expect(held).toBeLessThan(size / 2);
    } finally {
      await server.close();
    }
  }, 60_000);
});
