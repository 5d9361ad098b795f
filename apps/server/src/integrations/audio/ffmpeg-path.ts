import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The ffmpeg to run: the configured one, else `ffmpeg` on PATH, else the binary of the optional npm package.
 * A configured path that does not run answers null rather than silently using another ffmpeg.
 */
export async function findFfmpeg(configured?: string): Promise<string | null> {
  if (configured) return (await canRunFfmpeg(configured)) ? configured : null;
  if (await canRunFfmpeg('ffmpeg')) return 'ffmpeg';
  const bundled = findBundledFfmpeg();
  return bundled && (await canRunFfmpeg(bundled)) ? bundled : null;
}

/** The binary shipped by `@ffmpeg-installer/linux-x64`; null where npm skipped it (another platform). */
export function findBundledFfmpeg(): string | null {
  try {
    const packageJson = createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/package.json');
    return path.join(path.dirname(packageJson), 'ffmpeg');
  } catch {
    return null;
  }
}

function canRunFfmpeg(ffmpegPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath, ['-version'], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000, killSignal: 'SIGKILL' });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0 && output.startsWith('ffmpeg version')));
  });
}
