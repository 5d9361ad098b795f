import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EmailMessage, EmailSender } from './email-sender.ts';

export type OutboxEntry = EmailMessage & { id: string; from: string; sentAt: string };

/**
 * With no SMTP server configured, mail is written as JSON files under DATA_DIR/outbox and logged,
 * so a local install can still follow verification, reset and invitation links.
 */
export function createOutboxSender(outboxDir: string, from: string, log: (line: string) => void): EmailSender {
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const sentAt = new Date().toISOString();
      const id = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}`;
      const entry: OutboxEntry = { id, from, sentAt, ...message };
      await writeFile(path.join(outboxDir, `${id}.json`), JSON.stringify(entry, null, 2), { mode: 0o600 });
      log(`E-mail to ${message.to}: "${message.subject}" (outbox ${id}.json)\n${message.text}`);
    },
    async close() {},
  };
}

/** Reads the outbox, newest last. */
export async function readOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(outboxDir, name), 'utf8')) as OutboxEntry));
}
