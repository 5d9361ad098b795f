import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
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
    if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) await createFolder(dataDir);
    return { client: await PGlite.create(dataDir), release };
  } catch (error) {
    release();
    throw error;
  }
}

async function createFolder(dataDir: string): Promise<void> {
  const staging = `${dataDir}.new`;
  rmSync(staging, { recursive: true, force: true });
  const client = await PGlite.create(staging);
  await client.close();
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(staging, dataDir);
}

/**
 * A process is named by its pid and when it started (Linux: since boot, and which boot): a pid alone may
 * be a different process after a crash, and is the same (1) for every container.
 */
type Holder = { pid: number; host: string; startedAt: string | null };

function lockFolder(lockFile: string): () => void {
  const me: Holder = { pid: process.pid, host: hostname(), startedAt: startTimeOf(process.pid) };
  // Written whole, then linked into place: linking fails when the lock exists, so only one process gets it.
  const draft = `${lockFile}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(me));
  try {
    for (;;) {
      try {
        linkSync(draft, lockFile);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(lockFile);
      if (!holder || isRunning(holder, me)) {
        const who = holder ? `another process (pid ${holder.pid}${holder.host === me.host ? '' : ` on ${holder.host}`})` : 'another process';
        throw new Error(`${who} has this database open: stop it first, or delete ${lockFile} if no Skylog is running`);
      }
      // Left by a process that has ended: moved out of the way (one renamer wins), then try again.
      rmSync(`${lockFile}.stale`, { force: true });
      try {
        renameSync(lockFile, `${lockFile}.stale`);
      } catch {
        // Another starter took it over first; the next link attempt tells.
      }
    }
  } finally {
    rmSync(draft, { force: true });
  }
  const release = () => {
    process.off('exit', release);
    const holder = readHolder(lockFile);
    if (holder?.pid === me.pid && holder.startedAt === me.startedAt) rmSync(lockFile, { force: true });
  };
  process.on('exit', release);
  return release;
}

function readHolder(lockFile: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? { pid: holder.pid, host: holder.host, startedAt: holder.startedAt ?? null } : null;
  } catch {
    return null;
  }
}

/** A lock from another machine cannot be checked, so it counts as held. */
function isRunning(holder: Holder, me: Holder): boolean {
  if (holder.host !== me.host) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return holder.startedAt === null || holder.startedAt === startTimeOf(holder.pid);
}

/** Linux: the boot and the clock tick the process started at; elsewhere unknown (the pid alone decides). */
function startTimeOf(pid: number): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime), counted after the command name, which is in parentheses and may hold spaces.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return ticks ? `${boot}:${ticks}` : null;
  } catch {
    return null;
  }
}
