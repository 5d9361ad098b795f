import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsSender, TextMessage } from './sms-sender.ts';

export type SmsOutboxEntry = TextMessage & { id: string; sentAt: string };

/**
 * With no SMS provider configured, text messages are written as JSON files under DATA_DIR/outbox/sms and
 * logged, as e-mail is: a local install can still set up and use a phone for sign-in codes.
 */
export function createSmsOutboxSender(outboxDir: string, log: (line: string) => void): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const sentAt = new Date().toISOString();
      const id = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}`;
      const entry: SmsOutboxEntry = { id, sentAt, ...message };
      await writeFile(path.join(outboxDir, `${id}.json`), JSON.stringify(entry, null, 2), { mode: 0o600 });
      log(`Text message to ${message.to} (outbox sms/${id}.json)\n${message.text}`);
    },
  };
}

/** Reads the text-message outbox, newest last. */
export async function readSmsOutbox(outboxDir: string): Promise<SmsOutboxEntry[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(outboxDir, name), 'utf8')) as SmsOutboxEntry));
}
