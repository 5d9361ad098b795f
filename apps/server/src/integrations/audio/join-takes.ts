import { AudioProcessingError, audioProcessingMessages } from './audio-processing-error.ts';
import { runFfmpeg } from './run-ffmpeg.ts';

/** One take of a recording: its file, and where it starts on the flight's timeline (ms after the flight began). */
export type TakeFile = { path: string; offsetMs: number };

export type JoinTakesOptions = {
  ffmpegPath: string;
  /** In order, each starting after the one before. */
  takes: readonly TakeFile[];
  /** Where the joined recording is written, as Ogg Opus (which browsers play as it is). */
  outputPath: string;
  /** ffmpeg is killed past it; 30 minutes unless given. */
  timeoutMs?: number;
};

const sampleRate = 48000;
const defaultTimeoutMs = 30 * 60 * 1000;
const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * Joins the takes of one recording (the phone recorder opens the microphone again after a reload) into one recording
 * on the flight's timeline, so that a moment of the track still plays the audio of that moment: silence before the
 * first take when it started after the flight, and each take filled with silence up to where the next one starts (or
 * cut there, should the phone's clock have put them closer than the take is long). Each take is decoded from its own
 * file: two recordings' bytes one after another are not one playable file. Throws AudioProcessingError when a take
 * is not usable audio.
 */
export async function joinTakes(options: JoinTakesOptions): Promise<void> {
  const { ffmpegPath, takes, outputPath } = options;
  const deadline = Date.now() + (options.timeoutMs ?? defaultTimeoutMs);
  const inputs = takes.flatMap((take) => ['-i', take.path]);
  const segments: string[] = [];
  const filters: string[] = [];
  const first = takes[0]?.offsetMs ?? 0;
  if (first > 0) {
    filters.push(`anullsrc=r=${sampleRate}:cl=mono,atrim=duration=${seconds(first)}[lead]`);
    segments.push('[lead]');
  }
  takes.forEach((take, index) => {
    const next = takes[index + 1];
    // Timestamps restart at 0 for each take: a browser's recording may start at any timestamp.
    const fit = next ? `,apad,atrim=duration=${seconds(next.offsetMs - take.offsetMs)}` : '';
    filters.push(`[${index}:a:0]aresample=${sampleRate},aformat=sample_fmts=fltp:channel_layouts=mono,asetpts=N/SR/TB${fit}[take${index}]`);
    segments.push(`[take${index}]`);
  });
  filters.push(`${segments.join('')}concat=n=${segments.length}:v=0:a=1[joined]`);
  const args = ['-hide_banner', '-nostdin', '-nostats', ...inputs, '-filter_complex', filters.join(';'), '-map', '[joined]'];
  args.push('-c:a', 'libopus', '-b:a', '32k', '-application', 'voip', '-f', 'ogg', '-y', outputPath);
  const result = await runFfmpeg(ffmpegPath, args, deadline);
  if (result.exitCode !== 0) throw new AudioProcessingError(audioProcessingMessages.notAudio, result.stderr);
}
