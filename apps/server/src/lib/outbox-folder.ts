import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// The offline providers' outboxes (e-mail, text messages): one JSON file per message, named by time.

/** A new message's id (its file name, so name order is time order) and when it was sent; the folder is made if missing. */
export async function newOutboxEntry(folder: string): Promise<{ id: string; sentAt: string }> {
  await mkdir(folder, { recursive: true });
  const sentAt = new Date().toISOString();
  return { id: `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}`, sentAt };
}

/** Every message of an outbox, newest last; none when it is missing. */
export async function readOutboxFolder<T>(folder: string): Promise<T[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(folder, name), 'utf8')) as T));
}
