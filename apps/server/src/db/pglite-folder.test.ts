import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPgliteFolder } from './pglite-folder.ts';

const folders: string[] = [];
let sleeper: ReturnType<typeof spawn> | undefined;
function newFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'skylog-pglite-folder-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  sleeper?.kill();
  sleeper = undefined;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function selectOne(dataDir: string): Promise<number> {
  const { client, release } = await openPgliteFolder(dataDir);
  try {
    const { rows } = await client.query<{ one: number }>('select 1 as one');
    return rows[0]!.one;
  } finally {
    await client.close();
    release();
  }
}

const lockOf = (dataDir: string) => `${dataDir}.lock`;
const writeLock = (dataDir: string, holder: { pid: number; host?: string; startedAt?: string | null }) =>
  writeFileSync(lockOf(dataDir), JSON.stringify({ host: hostname(), startedAt: null, ...holder }));

describe('the embedded database folder', { timeout: 90_000 }, () => {
  it('is held by one opener at a time, this process included, and opens again once closed', async () => {
    const dataDir = path.join(newFolder(), 'pglite');
    const first = await openPgliteFolder(dataDir);
    expect(JSON.parse(readFileSync(lockOf(dataDir), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await expect(openPgliteFolder(dataDir)).rejects.toThrow(
      `another process (pid ${process.pid}) has this database open: stop it first, or delete ${lockOf(dataDir)} if no Skylog is running`,
    );
    await first.client.close();
    first.release();
    expect(existsSync(lockOf(dataDir))).toBe(false);
    expect(await selectOne(dataDir)).toBe(1);
  });

  it('is refused while another running process holds it, or a process on another machine', async () => {
    const dataDir = path.join(newFolder(), 'pglite');
    mkdirSync(dataDir);
    const other = await runningProcessPid();
    writeLock(dataDir, { pid: other });
    await expect(openPgliteFolder(dataDir)).rejects.toThrow(`another process (pid ${other}) has this database open`);
    writeLock(dataDir, { pid: 1, host: 'hangar-2' });
    await expect(openPgliteFolder(dataDir)).rejects.toThrow('another process (pid 1 on hangar-2) has this database open');
    // Nothing was created or changed meanwhile.
    expect(existsSync(`${dataDir}.new`)).toBe(false);
  });

  it('is taken over from a process that has ended, or from this pid when it named an earlier process (a restarted container)', async () => {
    const dataDir = path.join(newFolder(), 'pglite');
    writeLock(dataDir, { pid: await endedProcessPid() });
    expect(await selectOne(dataDir)).toBe(1);
    writeLock(dataDir, { pid: process.pid, startedAt: 'an-earlier-boot:12345' });
    expect(await selectOne(dataDir)).toBe(1);
    expect(existsSync(lockOf(dataDir))).toBe(false);
  });

  it('is created whole: an empty folder and a half-made sibling left by an earlier start are replaced', async () => {
    const dataDir = path.join(newFolder(), 'pglite');
    mkdirSync(dataDir);
    mkdirSync(`${dataDir}.new/base`, { recursive: true });
    expect(await selectOne(dataDir)).toBe(1);
    expect(existsSync(`${dataDir}.new`)).toBe(false);
    expect(readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
  });
});

async function runningProcessPid(): Promise<number> {
  sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  await once(sleeper, 'spawn');
  return sleeper.pid!;
}

async function endedProcessPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}
