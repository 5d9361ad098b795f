import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** An espeak-ng voice; radio voices get the band-pass and squelch of a VHF receiver. */
export type Voice = { espeak: string; pitch: number; wpm: number; isRadio: boolean };

/** One synthesized utterance, with where the speech starts and ends inside it and its silent gaps (seconds after speechStart). */
export type Speech = { samples: Float32Array; speechStart: number; speechEnd: number; pauses: Pause[] };
export type Pause = { start: number; end: number };

export type Clip = { at: number; speech: Speech; isRadio: boolean };

const sampleRate = 16_000;

/** Words espeak-ng says wrongly as written. */
const pronunciations: Record<string, string> = { ATIS: 'ay tiss', NorCal: 'Nor Cal', RPM: 'R P M' };

function toSpoken(text: string): string {
  return text.replace(/\b[A-Za-z]+\b/g, (word) => pronunciations[word] ?? word);
}

/** Reads a 16-bit PCM mono WAV file (as sox writes it) into floats. */
function readWav(path: string): Float32Array {
  const bytes = readFileSync(path);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'data') {
      const end = Math.min(bytes.length, offset + 8 + size);
      const samples = new Float32Array(Math.floor((end - offset - 8) / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(offset + 8 + i * 2) / 32768;
      return samples;
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`No data chunk in ${path}`);
}

function writeWav(path: string, samples: Int16Array) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.byteLength, 40);
  writeFileSync(path, Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]));
}

/** Speaks `text` with espeak-ng, shapes it with sox (intercom or radio), and finds the speech inside the silence around it. */
export function synthesize(text: string, voice: Voice, workDir: string): Speech {
  const raw = join(workDir, 'raw.wav');
  const shaped = join(workDir, 'shaped.wav');
  execFileSync('espeak-ng', ['-v', voice.espeak, '-p', String(voice.pitch), '-s', String(voice.wpm), '-w', raw, toSpoken(text)]);
  // A VHF receiver passes roughly 300–3000 Hz and clips a little; the intercom is cleaner but still a headset.
  const effects = ['gain', '-3', ...(voice.isRadio ? ['sinc', '300-3000', 'overdrive', '10'] : ['sinc', '120-5000'])];
  // -R: sox seeds its dither with a fixed number, so reruns give the same samples.
  execFileSync('sox', ['-R', raw, '-r', String(sampleRate), '-b', '16', shaped, ...effects]);
  const samples = readWav(shaped);
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  const threshold = peak * 0.02;
  let first = 0;
  let last = samples.length - 1;
  while (first < last && Math.abs(samples[first]!) < threshold) first++;
  while (last > first && Math.abs(samples[last]!) < threshold) last--;
  const gain = (voice.isRadio ? 0.45 : 0.6) / peak;
  for (let i = 0; i < samples.length; i++) samples[i] = samples[i]! * gain;
  return { samples, speechStart: first / sampleRate, speechEnd: (last + 1) / sampleRate, pauses: findPauses(samples, first, last) };
}

/** Silent stretches of 80 ms or more inside the speech: where espeak-ng paused for punctuation. */
function findPauses(samples: Float32Array, first: number, last: number): Pause[] {
  const frame = Math.round(sampleRate * 0.01);
  const levels: number[] = [];
  for (let at = first; at + frame <= last; at += frame) {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += samples[i]! ** 2;
    levels.push(Math.sqrt(sum / frame));
  }
  const quiet = Math.max(...levels) * 0.05;
  const pauses: Pause[] = [];
  let runStart: number | undefined;
  levels.forEach((level, index) => {
    if (level < quiet) runStart ??= index;
    else if (runStart !== undefined) {
      if (index - runStart >= 8) pauses.push({ start: (runStart * frame) / sampleRate, end: (index * frame) / sampleRate });
      runStart = undefined;
    }
  });
  return pauses;
}

/**
 * The cockpit: brown noise low-passed for the airflow and engine, a faint tone at the propeller's
 * blade-pass frequency, both following the engine speed (one value per second), and the speech on top.
 */
export function mixCockpit(
  seconds: number,
  rpmPerSecond: readonly number[],
  blades: number,
  clips: readonly Clip[],
  random: () => number,
): Int16Array {
  const length = Math.round(seconds * sampleRate);
  const mix = new Float32Array(length);
  let brown = 0;
  let lowPassed = 0;
  let phase = 0;
  const smoothing = 1 - Math.exp((-2 * Math.PI * 350) / sampleRate);
  for (let i = 0; i < length; i++) {
    const second = i / sampleRate;
    const index = Math.floor(second);
    const from = rpmPerSecond[Math.min(index, rpmPerSecond.length - 1)] ?? 0;
    const to = rpmPerSecond[Math.min(index + 1, rpmPerSecond.length - 1)] ?? from;
    const rpm = from + (to - from) * (second - index);
    const level = Math.min(rpm / 2500, 1.1) ** 2;
    // Leaky integration: brown noise above ~40 Hz, so the rumble is heard and not just a drifting offset.
    brown = (brown + (random() * 2 - 1) * 0.02) * 0.985;
    lowPassed += (brown - lowPassed) * smoothing;
    phase += (2 * Math.PI * ((rpm / 60) * blades)) / sampleRate;
    const tone = Math.sin(phase) * 0.6 + Math.sin(2 * phase) * 0.3 + Math.sin(3 * phase) * 0.1;
    mix[i] = level * (lowPassed * 0.5 + tone * 0.012);
  }
  for (const clip of clips) {
    const start = Math.round((clip.at - clip.speech.speechStart) * sampleRate);
    if (clip.isRadio) addSquelch(mix, start + clip.speech.speechStart * sampleRate, start + clip.speech.speechEnd * sampleRate, random);
    clip.speech.samples.forEach((sample, i) => {
      const at = start + i;
      if (at >= 0 && at < length) mix[at] = mix[at]! + sample;
    });
  }
  return Int16Array.from(mix, (sample) => Math.round(Math.max(-1, Math.min(1, sample)) * 32767));
}

/** The hiss of an open receiver from just before the transmission to its squelch tail. */
function addSquelch(mix: Float32Array, speechStart: number, speechEnd: number, random: () => number) {
  const from = Math.max(0, Math.round(speechStart - 0.12 * sampleRate));
  const to = Math.min(mix.length, Math.round(speechEnd + 0.18 * sampleRate));
  let previous = 0;
  for (let i = from; i < to; i++) {
    const white = random() * 2 - 1;
    previous = white - previous * 0.5;
    mix[i] = mix[i]! + previous * 0.02;
  }
}

/** Ogg Opus, mono, speech-tuned; bitexact so the same input gives the same file. */
export function encodeOpus(samples: Int16Array, workDir: string, output: string, bitrate: string) {
  const wav = join(workDir, 'cockpit.wav');
  writeWav(wav, samples);
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-i', wav, '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact'],
    ...['-c:a', 'libopus', '-b:a', bitrate, '-ac', '1', '-ar', String(sampleRate), '-application', 'voip', '-frame_duration', '60', output],
  ]);
}

export function probeDurationSeconds(path: string): number {
  const output = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', path]);
  return Number(output.toString().trim());
}
