import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPgliteFolder } from './pglite-folder.ts';

const folders: string[] = [];
function newFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'skylog-pglite-folder-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
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

describe('the embedded database folder', { timeout: 30_000 }, () => {
  it('refuses a second opener while one has it open, naming the process, and opens again once it is closed', async () => {
    const dataDir = path.join(newFolder(), 'pglite');
    const first = await openPgliteFolder(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    // Another running process holding it (this process counts as the holder itself).
    const other = await runningProcessPid();
    writeFileSync(`${dataDir}.lock`, String(other));
    await expect(openPgliteFolder(dataDir)).rejects.toThrow(
      `another process (pid ${other}) has this database open: stop it first, or delete ${dataDir}.lock if no Skylog is running`,
    );
    writeFileSync(`${dataDir}.lock`, String(process.pid));
    await first.client.close();
    first.release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    expect(await selectOne(dataDir)).toBe(1);
  });

  it('takes over a lock left by a process that has ended', async () => {
    const dataDir = path.join(newFolder(), 'pglite');
    writeFileSync(`${dataDir}.lock`, String(await endedProcessPid()));
    expect(await selectOne(dataDir)).toBe(1);
  });

  it('sets aside a folder whose creation never finished and creates it whole', async () => {
    const parent = newFolder();
    const dataDir = path.join(parent, 'pglite');
    // What a start killed during initdb left before folders were made whole.
    mkdirSync(path.join(dataDir, 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'PG_VERSION'), '17\n');
    expect(await selectOne(dataDir)).toBe(1);
    expect(readdirSync(parent).filter((name) => name.startsWith('pglite.incomplete-'))).toHaveLength(1);
    expect(existsSync(`${dataDir}.new`)).toBe(false);
    expect(readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
  });
});

let sleeper: ReturnType<typeof spawn> | undefined;
afterEach(() => {
  sleeper?.kill();
  sleeper = undefined;
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
