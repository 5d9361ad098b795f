import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Opens the embedded database's folder, guarding the two ways it gets damaged beyond repair:
 * - two processes on one folder: PGlite takes no lock of its own, both write, and the folder ends
 *   unreadable (electric-sql/pglite#1106). A lock file beside it names the process that has it open.
 * - a first start stopped during PostgreSQL's initdb: the folder is created in a sibling and renamed
 *   into place once whole, so an interrupted one leaves nothing behind that the next start trips on.
 */
export async function openPgliteFolder(dataDir: string): Promise<{ client: PGlite; release: () => void }> {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const release = lockFolder(`${dataDir}.lock`);
  try {
    if (!existsSync(path.join(dataDir, 'global', 'pg_control'))) await createFolder(dataDir);
    return { client: await PGlite.create(dataDir), release };
  } catch (error) {
    release();
    throw error;
  }
}

async function createFolder(dataDir: string): Promise<void> {
  // Left by a start before folders were made whole: initdb never finished there, so it holds no data.
  if (existsSync(dataDir)) renameSync(dataDir, `${dataDir}.incomplete-${Date.now()}`);
  const staging = `${dataDir}.new`;
  rmSync(staging, { recursive: true, force: true });
  const client = await PGlite.create(staging);
  await client.close();
  renameSync(staging, dataDir);
}

function lockFolder(lockFile: string): () => void {
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = readHolder(lockFile);
    if (holder !== null && holder !== process.pid && isRunning(holder)) {
      throw new Error(`another process (pid ${holder}) has this database open: stop it first, or delete ${lockFile} if no Skylog is running`);
    }
    // Left by a process that has ended.
    writeFileSync(lockFile, String(process.pid));
  }
  const release = () => {
    if (readHolder(lockFile) === process.pid) unlinkSync(lockFile);
    process.off('exit', release);
  };
  process.on('exit', release);
  return release;
}

function readHolder(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
