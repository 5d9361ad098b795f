import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Every worker of this machine keeps its jobs' folders here, under `<pid>-<random>/<jobId>`. */
export const defaultWorkRoot = path.join(tmpdir(), 'skylog-jobs');

export type WorkFolders = {
  /** An empty folder for one run of a job. */
  create: (jobId: number) => Promise<string>;
  remove: (folder: string) => Promise<void>;
  /** This worker's whole parent folder (on stop). */
  removeAll: () => Promise<void>;
};

/** The pid in the parent's name lets a later worker tell a dead process's leftovers from a live one's. */
export function createWorkFolders(root = defaultWorkRoot): WorkFolders {
  const parent = path.join(root, `${process.pid}-${randomBytes(4).toString('hex')}`);
  const remove = (folder: string) => rm(folder, { recursive: true, force: true });
  return {
    async create(jobId) {
      const folder = path.join(parent, String(jobId));
      // An earlier run of the same job on this worker must not leave it half-written output.
      await remove(folder);
      await mkdir(folder, { recursive: true });
      return folder;
    },
    remove,
    removeAll: () => remove(parent),
  };
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Removes the work folders of processes that no longer exist (killed, crashed); a live process's are kept. */
export async function removeOrphanWorkFolders(root = defaultWorkRoot): Promise<void> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const pid = /^(\d+)-/.exec(entry.name)?.[1];
    if (entry.isDirectory() && pid && !isProcessAlive(Number(pid))) {
      await rm(path.join(root, entry.name), { recursive: true, force: true });
    }
  }
}
