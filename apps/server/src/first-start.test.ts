import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'skylog-first-start-'));
const started: ChildProcess[] = [];
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(started.map((child) => (child.exitCode === null && child.signalCode === null ? once(child, 'exit') : null)));
  rmSync(dataDir, { recursive: true, force: true });
});

type Run = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

function startSkylog(port: number): Run {
  // No configuration but the data folder and port (not even this process's environment): the README's first start.
  const env = { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exit };
}

/** Vitest's own polling, at the pace a start-up needs. */
const startUp = { timeout: 90_000, interval: 50 };

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

describe('the first start on the embedded database', { timeout: 180_000 }, () => {
  it('stopped while starting, finishes and closes cleanly; the next start opens the seeded school with the saved password', async () => {
    const first = startSkylog(await freePort());
    // The lock file appears as the database is being created: start-up is under way.
    await vi.waitFor(() => expect(existsSync(path.join(dataDir, 'pglite.lock')), 'the first start opening its database').toBe(true), startUp);
    first.child.kill('SIGTERM');
    // One Ctrl-C can arrive twice (node --watch passes it on): that is not the "again" that stops at once.
    setTimeout(() => first.child.kill('SIGTERM'), 100);
    expect(await first.exit).toBe(0);
    expect(first.output()).toContain('SIGTERM received: closing when start-up has finished');
    expect(first.output()).not.toContain('Skylog is running');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    const credentials = readFileSync(path.join(dataDir, 'demo-credentials.txt'), 'utf8');
    const password = /Password for all of them: (\S+)/.exec(credentials)![1]!;

    const port = await freePort();
    const second = startSkylog(port);
    await vi.waitFor(() => expect(second.output()).toContain('Skylog is running'), startUp);
    expect(second.output()).toContain(`Demo data already present; its sign-in details are in ${path.join(dataDir, 'demo-credentials.txt')}.`);
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ email: 'orgadmin@skyline.test', password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    const list = await fetch(`http://127.0.0.1:${port}/api/trips?page=0`, { headers: { cookie } });
    expect(((await list.json()) as { total: number }).total).toBe(3);

    // A second Skylog on the same folder is refused instead of corrupting it.
    const third = startSkylog(await freePort());
    expect(await third.exit).toBe(1);
    expect(third.output()).toContain(`another process (pid ${second.child.pid}) has this database open`);

    second.child.kill('SIGINT');
    expect(await second.exit).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });
});
