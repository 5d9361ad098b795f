import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AudioProcessingError, audioProcessingMessages } from './audio-processing-error.ts';
import { runFfmpeg } from './run-ffmpeg.ts';

export type ProcessAudioOptions = {
  ffmpegPath: string;
  inputPath: string;
  /** Where a transcoded copy is written, as `playable.opus`. */
  outputDir: string;
  peaksPerSecond: number;
  peaksMax: number;
  /** ffmpeg is killed past it; 30 minutes unless given. */
  timeoutMs?: number;
};

export type ProcessedAudio = {
  durationMs: number;
  /** Absolute peak per bucket, 0–1; the buckets cover the audio evenly. */
  peaks: number[];
  /** The input itself when browsers play it as it is, else an Ogg Opus copy in outputDir. */
  playable: { path: string; mimeType: string; sizeBytes: number };
  /** ffmpeg's name of the audio codec, such as `opus`, `mp3`, `aac`, `pcm_s16le`. */
  codec: string;
};

const sampleRate = 8000;
const minDurationMs = 500;
const defaultTimeoutMs = 30 * 60 * 1000;

/** Container and codec pairs, as ffmpeg names them, that browsers play without a copy. */
const playableAsIs = [
  { container: 'ogg', codec: 'opus', mimeType: 'audio/ogg' },
  { container: 'matroska,webm', codec: 'opus', mimeType: 'audio/webm' },
  { container: 'mp3', codec: 'mp3', mimeType: 'audio/mpeg' },
] as const;

/**
 * Reads a recording's duration and waveform peaks in one streaming decode, and makes a web-playable
 * copy in the same ffmpeg run when the original is not one. Throws AudioProcessingError when the file is not usable audio.
 */
export async function processAudio(options: ProcessAudioOptions): Promise<ProcessedAudio> {
  const { ffmpegPath, inputPath, outputDir, peaksPerSecond, peaksMax } = options;
  if (!(peaksPerSecond > 0) || !Number.isInteger(peaksMax) || peaksMax < 1) {
    throw new RangeError('peaksPerSecond must be positive and peaksMax a positive integer');
  }
  const deadline = Date.now() + (options.timeoutMs ?? defaultTimeoutMs);

  // Probing first reads only the header, so the one decode below can also write the copy when one is needed.
  const probe = await runFfmpeg(ffmpegPath, ['-hide_banner', '-nostdin', '-i', inputPath], deadline);
  const format = readInputFormat(probe.stderr);
  if (!format) throw new AudioProcessingError(audioProcessingMessages.notAudio, probe.stderr);

  const asIs = playableAsIs.find((entry) => entry.container === format.container && entry.codec === format.codec);
  const playablePath = asIs ? inputPath : path.join(outputDir, 'playable.opus');
  const args = ['-hide_banner', '-nostdin', '-nostats', '-i', inputPath];
  args.push('-map', '0:a:0', '-f', 's16le', '-ac', '1', '-ar', String(sampleRate), 'pipe:1');
  if (!asIs) {
    await mkdir(outputDir, { recursive: true });
    args.push('-map', '0:a:0', '-c:a', 'libopus', '-b:a', '32k', '-ac', '1', '-application', 'voip', '-f', 'ogg', '-y', playablePath);
  }

  // Fine buckets of at most a quarter of a final bucket keep the final bucket edges close to even.
  const meter = createPeakMeter(Math.max(1, Math.floor(sampleRate / peaksPerSecond / 4)));
  try {
    const decode = await runFfmpeg(ffmpegPath, args, deadline, (chunk) => meter.push(chunk));
    if (decode.exitCode !== 0 || meter.sampleCount === 0) {
      throw new AudioProcessingError(audioProcessingMessages.notAudio, decode.stderr);
    }
    const durationMs = Math.round((meter.sampleCount * 1000) / sampleRate);
    if (durationMs < minDurationMs) throw new AudioProcessingError(audioProcessingMessages.empty);

    const peakCount = Math.min(peaksMax, Math.max(1, Math.round((durationMs / 1000) * peaksPerSecond)));
    const { size } = await stat(playablePath);
    return {
      durationMs,
      peaks: meter.reduce(peakCount),
      playable: { path: playablePath, mimeType: asIs ? asIs.mimeType : 'audio/ogg', sizeBytes: size },
      codec: format.codec,
    };
  } catch (error) {
    if (!asIs) await rm(playablePath, { force: true });
    throw error;
  }
}

/** The container and first audio codec from ffmpeg's description of input #0; null when it has no audio. */
function readInputFormat(stderr: string): { container: string; codec: string } | null {
  const container = /^Input #0, (.+?), from /m.exec(stderr)?.[1];
  const codec = /^\s*Stream #0:\d+\S*: Audio: (\w+)/m.exec(stderr)?.[1];
  return container && codec ? { container, codec } : null;
}

/** Absolute peaks of s16le PCM per fixed count of samples, kept as 16-bit values so hours of audio stay small. */
function createPeakMeter(samplesPerBucket: number) {
  let buckets = new Uint16Array(4096);
  let bucketCount = 0;
  let currentMax = 0;
  let inCurrent = 0;
  let sampleCount = 0;
  // A chunk may end in the middle of a sample.
  let pendingByte: number | null = null;

  function add(sample: number) {
    const magnitude = Math.abs(sample);
    if (magnitude > currentMax) currentMax = magnitude;
    sampleCount += 1;
    inCurrent += 1;
    if (inCurrent === samplesPerBucket) closeBucket();
  }

  function closeBucket() {
    if (bucketCount === buckets.length) {
      const grown = new Uint16Array(buckets.length * 2);
      grown.set(buckets);
      buckets = grown;
    }
    buckets[bucketCount++] = currentMax;
    currentMax = 0;
    inCurrent = 0;
  }

  return {
    get sampleCount() {
      return sampleCount;
    },

    push(chunk: Buffer) {
      let offset = 0;
      if (pendingByte !== null && chunk.length > 0) {
        add(Buffer.from([pendingByte, chunk[0]!]).readInt16LE(0));
        pendingByte = null;
        offset = 1;
      }
      for (; offset + 1 < chunk.length; offset += 2) add(chunk.readInt16LE(offset));
      if (offset < chunk.length) pendingByte = chunk[offset]!;
    },

    /** `count` even buckets over all samples, 0–1 with 3 decimals; a fine bucket on an edge counts for both sides. */
    reduce(count: number): number[] {
      if (inCurrent > 0) closeBucket();
      const samplesPerPeak = sampleCount / count;
      const peaks: number[] = [];
      for (let index = 0; index < count; index += 1) {
        const from = Math.floor((index * samplesPerPeak) / samplesPerBucket);
        const to = Math.max(from + 1, Math.ceil(((index + 1) * samplesPerPeak) / samplesPerBucket));
        let max = 0;
        for (let bucket = from; bucket < to && bucket < bucketCount; bucket += 1) max = Math.max(max, buckets[bucket]!);
        peaks.push(Math.round((max / 32768) * 1000) / 1000);
      }
      return peaks;
    },
  };
}
