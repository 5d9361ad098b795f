import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioProcessingError, audioProcessingMessages } from './audio-processing-error.ts';
import { findBundledFfmpeg, findFfmpeg } from './ffmpeg-path.ts';
import { processAudio, type ProcessedAudio } from './process-audio.ts';

const run = promisify(execFile);
const ffmpegPath = await findFfmpeg();
const bundledFfmpeg = findBundledFfmpeg();
const encoders = ffmpegPath ? (await run(ffmpegPath, ['-hide_banner', '-encoders'])).stdout : '';
const hasMp3Encoder = /\blibmp3lame\b/.test(encoders);

/** A 440 Hz tone at half of full scale: every waveform bucket should peak near 0.5. */
const tone = (seconds: number) => `aevalsrc=0.5*sin(440*2*PI*t):d=${seconds}:s=44100`;
const peaksPerSecond = 10;

// findFfmpeg falls back to the npm-shipped binary, which npm installs on every linux-x64 machine; elsewhere there is nothing to run.
describe.skipIf(!ffmpegPath)('processAudio', () => {
  const ffmpeg = ffmpegPath!;
  let workDir: string;
  let outputCount = 0;

  async function generate(name: string, source: string, codecArgs: string[]): Promise<string> {
    const filePath = path.join(workDir, name);
    await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source, ...codecArgs, filePath]);
    return filePath;
  }

  function createOutputDir(): string {
    outputCount += 1;
    return path.join(workDir, `out-${outputCount}`);
  }

  type Overrides = { peaksMax?: number; ffmpegPath?: string; timeoutMs?: number; outputDir?: string };
  function processFile(inputPath: string, overrides: Overrides = {}) {
    return processAudio({
      ffmpegPath: overrides.ffmpegPath ?? ffmpeg,
      inputPath,
      outputDir: overrides.outputDir ?? createOutputDir(),
      peaksPerSecond,
      peaksMax: overrides.peaksMax ?? 1000,
      timeoutMs: overrides.timeoutMs,
    });
  }

  function expectFiveSecondTone(result: ProcessedAudio) {
    expect(Math.abs(result.durationMs - 5000)).toBeLessThanOrEqual(50);
    expect(result.peaks).toHaveLength(5 * peaksPerSecond);
    for (const peak of result.peaks) {
      expect(peak).toBeGreaterThanOrEqual(0);
      expect(peak).toBeLessThanOrEqual(1);
    }
    // Encoder delay and padding may soften the first and last bucket, and ffmpeg's AAC encoder
    // overshoots now and then (a real 0.87 sample in its decoded output), so the level is checked on the median.
    const inner = result.peaks.slice(1, -1);
    for (const peak of inner) expect(peak).toBeGreaterThan(0.45);
    const median = inner.toSorted((a, b) => a - b)[Math.floor(inner.length / 2)];
    expect(median).toBeCloseTo(0.5, 1);
  }

  async function expectAudioError(promise: Promise<unknown>, message: string) {
    const error = await promise.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AudioProcessingError);
    expect((error as Error).message).toBe(message);
  }

  async function expectPlayableOggOpus(result: ProcessedAudio, outputDir: string) {
    expect(result.playable).toMatchObject({ path: path.join(outputDir, 'playable.opus'), mimeType: 'audio/ogg' });
    expect(result.playable.sizeBytes).toBe((await stat(result.playable.path)).size);
    expect((await readFile(result.playable.path)).subarray(0, 4).toString('latin1')).toBe('OggS');
    const copy = await processFile(result.playable.path);
    expect(copy.codec).toBe('opus');
    expect(copy.playable.path).toBe(result.playable.path);
    expect(Math.abs(copy.durationMs - 5000)).toBeLessThanOrEqual(50);
  }

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'skylog-audio-'));
  });

  afterAll(async () => rm(workDir, { recursive: true, force: true }));

  it('keeps an Ogg Opus recording as it is', async () => {
    const input = await generate('tone.opus', tone(5), ['-c:a', 'libopus']);
    const result = await processFile(input);
    expect(result.codec).toBe('opus');
    expect(result.playable).toEqual({ path: input, mimeType: 'audio/ogg', sizeBytes: (await stat(input)).size });
    expectFiveSecondTone(result);
  });

  it('keeps a WebM Opus recording as it is', async () => {
    const input = await generate('tone.webm', tone(5), ['-c:a', 'libopus']);
    const result = await processFile(input);
    expect(result.codec).toBe('opus');
    expect(result.playable).toMatchObject({ path: input, mimeType: 'audio/webm' });
    expectFiveSecondTone(result);
  });

  // Only an ffmpeg built without LAME cannot make the MP3 input; Debian's and the npm-shipped one both have it.
  it.skipIf(!hasMp3Encoder)('keeps an MP3 recording as it is', async () => {
    const input = await generate('tone.mp3', tone(5), ['-c:a', 'libmp3lame', '-b:a', '64k']);
    const result = await processFile(input);
    expect(result.codec).toBe('mp3');
    expect(result.playable).toMatchObject({ path: input, mimeType: 'audio/mpeg' });
    expectFiveSecondTone(result);
  });

  it.each([
    { name: 'tone.wav', codecArgs: [], codec: 'pcm_s16le' },
    { name: 'tone.flac', codecArgs: ['-c:a', 'flac'], codec: 'flac' },
    { name: 'tone.m4a', codecArgs: ['-c:a', 'aac'], codec: 'aac' },
    { name: 'tone.ogg', codecArgs: ['-c:a', 'libvorbis'], codec: 'vorbis' },
  ])('transcodes $name ($codec) to Ogg Opus', async ({ name, codecArgs, codec }) => {
    const input = await generate(name, tone(5), codecArgs);
    const outputDir = createOutputDir();
    const result = await processFile(input, { outputDir });
    expect(result.codec).toBe(codec);
    expectFiveSecondTone(result);
    await expectPlayableOggOpus(result, outputDir);
  });

  it('caps the number of peaks at peaksMax for a long recording', async () => {
    const input = await generate('minute.wav', tone(60), []);
    const result = await processFile(input, { peaksMax: 100 });
    expect(Math.abs(result.durationMs - 60_000)).toBeLessThanOrEqual(50);
    expect(result.peaks).toHaveLength(100);
    for (const peak of result.peaks.slice(1, -1)) expect(peak).toBeCloseTo(0.5, 1);
  });

  it('gives quiet and loud stretches their own peaks', async () => {
    // One second of silence, then one second of the tone.
    const input = await generate('step.wav', 'aevalsrc=if(gte(t\\,1)\\,0.5*sin(440*2*PI*t)\\,0):d=2:s=44100', []);
    const result = await processFile(input);
    expect(result.peaks).toHaveLength(20);
    expect(Math.max(...result.peaks.slice(0, 9))).toBe(0);
    expect(Math.min(...result.peaks.slice(11))).toBeGreaterThan(0.45);
  });

  it('refuses a text file and a JPEG as not audio, with the message for the person who sent it', async () => {
    const textFile = path.join(workDir, 'notes.txt');
    await writeFile(textFile, 'Pattern work at KPAO, three touch-and-goes.\n'.repeat(50));
    const jpegLike = path.join(workDir, 'photo.jpg');
    await writeFile(jpegLike, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(20_000)]));
    await expectAudioError(processFile(textFile), audioProcessingMessages.notAudio);
    await expectAudioError(processFile(jpegLike), audioProcessingMessages.notAudio);
  });

  it('refuses a recording under half a second as empty', async () => {
    const input = await generate('blip.wav', tone(0.3), []);
    await expectAudioError(processFile(input), audioProcessingMessages.empty);
  });

  it('refuses an Opus file cut after its first 2 KB, which holds no whole audio page, and reads the half of one that is left', async () => {
    const full = await readFile(await generate('long.opus', tone(5), ['-c:a', 'libopus']));
    const cutEarly = path.join(workDir, 'cut-early.opus');
    await writeFile(cutEarly, full.subarray(0, 2048));
    await expectAudioError(processFile(cutEarly), audioProcessingMessages.notAudio);

    const cutHalf = path.join(workDir, 'cut-half.opus');
    await writeFile(cutHalf, full.subarray(0, Math.floor(full.length / 2)));
    const result = await processFile(cutHalf);
    expect(result.durationMs).toBeGreaterThan(1500);
    expect(result.durationMs).toBeLessThan(3500);
  });

  it('stops ffmpeg at the time-out, fails with a server error and leaves no partial copy', async () => {
    const input = await generate('timeout.wav', tone(5), []);
    const outputDir = createOutputDir();
    const error = await processFile(input, { timeoutMs: 1, outputDir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AudioProcessingError);
    expect((error as Error).message).toMatch(/time-out/);
    await expect(stat(path.join(outputDir, 'playable.opus'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('fails with a server error, not a verdict on the file, when ffmpeg cannot start', async () => {
    const input = await generate('no-ffmpeg.wav', tone(1), []);
    const error = await processFile(input, { ffmpegPath: path.join(workDir, 'no-such-ffmpeg') }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'ENOENT' });
    expect(error).not.toBeInstanceOf(AudioProcessingError);
  });

  // npm installs @ffmpeg-installer/linux-x64 only on Linux x64; elsewhere there is no such binary to check.
  it.skipIf(!bundledFfmpeg)('works with the npm-shipped ffmpeg, including its Opus encoder', async () => {
    const input = await generate('bundled.flac', tone(5), ['-c:a', 'flac']);
    const outputDir = createOutputDir();
    const result = await processFile(input, { ffmpegPath: bundledFfmpeg!, outputDir });
    expect(result.codec).toBe('flac');
    expectFiveSecondTone(result);
    await expectPlayableOggOpus(result, outputDir);
  });
});

describe.skipIf(!ffmpegPath)('findFfmpeg', () => {
  it('answers a configured ffmpeg that runs', async () => {
    expect(await findFfmpeg(ffmpegPath!)).toBe(ffmpegPath);
  });

  it('answers null for a configured path that is missing or is not ffmpeg', async () => {
    expect(await findFfmpeg('/nonexistent/ffmpeg')).toBeNull();
    expect(await findFfmpeg('/bin/true')).toBeNull();
  });
});
