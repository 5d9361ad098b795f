// `npm run bench -- analysis`: the flight analysis of the three-hour benchmark flight (10,800 points,
// 2,000 words, 200 markers), and the memory a transcription job holds while it streams a three-hour
// recording to the provider (the local Deepgram wire server, through the real SDK).
import { open, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyseFlight } from '@skylog/flight-analysis';
import { createDeepgramProvider } from '../apps/server/src/integrations/transcription/deepgram-provider.ts';
import { startFakeDeepgramServer } from '../apps/server/test/support/fake-deepgram-server.ts';
import { generateMarkers, generateTrack, generateTranscript } from './big-trip-data.ts';

const runs = 20;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function benchAnalysis(): Promise<string> {
  const start = Date.UTC(2026, 5, 1, 15, 0);
  const points = generateTrack(start);
  const markers = generateMarkers(points).map((marker) => ({ ...marker, markerID: marker.markerID as number }));
  const transcript = generateTranscript();
  const input = {
    points,
    category: 'airplane' as const,
    airports: [],
    markers,
    transcript,
    audioStartedAt: start,
    beginTime: start,
    atcSpeakers: new Set([2]),
    ownCallsigns: ['N345PA'],
    timesEstimated: false,
  };
  const cold = performance.now();
  const result = analyseFlight(input);
  const coldMs = performance.now() - cold;
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const began = performance.now();
    analyseFlight(input);
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return [
    `Flight: ${points.length} points, ${markers.length} markers, ${transcript.results.channels[0]!.alternatives[0]!.words.length} words; found ${result.phases.length} phases, ${result.moments.length} moments, ${result.readbacks.length} readbacks.`,
    '',
    '| analysis of the three-hour flight | runs | first (cold) ms | median ms | p95 ms | max ms |',
    '|---|---|---|---|---|---|',
    `| analyseFlight | ${runs} | ${coldMs.toFixed(1)} | ${quantile(times, 0.5).toFixed(1)} | ${quantile(times, 0.95).toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`,
  ].join('\n');
}

/** A file of `bytes` (sparse zeros after a header: the provider sends bytes, it does not decode them). */
async function makeFile(file: string, bytes: number): Promise<void> {
  const handle = await open(file, 'w');
  await handle.write(Buffer.from('OggS'), 0, 4, 0);
  await handle.truncate(bytes);
  await handle.close();
}

async function benchTranscriptionMemory(): Promise<string> {
  const server = await startFakeDeepgramServer();
  const folder = await mkdtemp(path.join(tmpdir(), 'skylog-bench-transcription-'));
  const provider = createDeepgramProvider({ apiKey: server.apiKey, baseUrl: server.url, timeoutMs: 10 * 60_000 });
  const rows: string[] = [];
  try {
    // A three-hour flight as Skylog's Opus (37 MB) and as a 16 kHz 16-bit WAV someone might keep (346 MB).
    for (const [label, bytes] of [
      ['3 h Opus, 37 MB', 37 * 1024 * 1024],
      ['3 h WAV, 346 MB', 346 * 1024 * 1024],
    ] as const) {
      const file = path.join(folder, 'audio.bin');
      await makeFile(file, bytes);
      global.gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakHeap = before.heapUsed + before.arrayBuffers;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed + now.arrayBuffers);
      }, 20);
      const began = performance.now();
      await provider.transcribe({ path: file, sizeBytes: bytes, mimeType: 'audio/ogg', keyterms: ['November'] });
      const seconds = (performance.now() - began) / 1000;
      clearInterval(sampler);
      const sent = server.requests.at(-1)!.bodyBytes;
      if (sent !== bytes) throw new Error(`the provider received ${sent} of ${bytes} bytes`);
      const mb = (value: number) => (value / 1048576).toFixed(1);
      rows.push(
        `| ${label} | ${mb(sent)} | ${seconds.toFixed(1)} | ${mb(peakRss - before.rss)} | ${mb(peakHeap - before.heapUsed - before.arrayBuffers)} |`,
      );
      await rm(file);
    }
  } finally {
    await server.close();
    await rm(folder, { recursive: true, force: true });
  }
  return [
    '| file streamed to the provider | MB received | seconds | peak RSS growth MB | peak heap + buffers growth MB |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export async function benchDebriefIntelligence(): Promise<string> {
  return `${await benchAnalysis()}\n\n${await benchTranscriptionMemory()}`;
}
