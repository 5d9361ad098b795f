import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

// The offline providers' outboxes (e-mail, text messages): one JSON file per message, named by time.

/** A new message's id (its file name, so name order is time order) and when it was sent; the folder is made if missing. */
export async function newOutboxEntry(folder: string): Promise<{ id: string; sentAt: string }> {
  await mkdir(folder, { recursive: true });
  const sentAt = new Date().toISOString();
  return { id: `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}`, sentAt };
}

/**
 * Stores a message as `<id>.json`, written under another name first and then renamed, so that whoever reads the
 * folder meanwhile (a person following a link, a test, `readOutboxFolder`) never meets half a file: mail goes out
 * after the request that sent it has answered.
 */
export async function writeOutboxEntry(folder: string, id: string, entry: unknown): Promise<void> {
  const file = path.join(folder, `${id}.json`);
  await writeFile(`${file}.partial`, JSON.stringify(entry, null, 2), { mode: 0o600 });
  await rename(`${file}.partial`, file);
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
