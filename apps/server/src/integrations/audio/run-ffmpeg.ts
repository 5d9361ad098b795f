import { spawn } from 'node:child_process';

type FfmpegRun = { exitCode: number | null; stderr: string };

const stderrHeadChars = 64 * 1024;
const stderrTailChars = 4 * 1024;

/**
 * Runs ffmpeg to its end, streaming stdout to onStdout. Past the deadline ffmpeg is killed and the run throws;
 * any other way out also waits for the process to be gone.
 */
export function runFfmpeg(ffmpegPath: string, args: string[], deadline: number, onStdout?: (chunk: Buffer) => void): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // The header (stream descriptions) is at the start and the reason of a failure at the end; a damaged file can log megabytes between.
    let stderrHead = '';
    let stderrTail = '';
    let failure: Error | undefined;

    const fail = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => fail(new Error('ffmpeg did not finish before the audio processing time-out')),
      Math.max(0, deadline - Date.now()),
    );

    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderrHead.length < stderrHeadChars) stderrHead += chunk;
      else stderrTail = (stderrTail + chunk).slice(-stderrTailChars);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      try {
        onStdout?.(chunk);
      } catch (error) {
        fail(error as Error);
      }
    });
    child.on('error', fail);
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      // Killed from outside (out of memory, shutdown): a server failure, not a verdict on the file.
      if (!failure && signal) failure = new Error(`ffmpeg was stopped by ${signal}`);
      if (failure) reject(failure);
      else resolve({ exitCode, stderr: stderrTail ? `${stderrHead}\n…\n${stderrTail}` : stderrHead });
    });
  });
}
