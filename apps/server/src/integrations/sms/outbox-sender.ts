import { newOutboxEntry, readOutboxFolder, writeOutboxEntry } from '../../lib/outbox-folder.ts';
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
      const { id, sentAt } = await newOutboxEntry(outboxDir);
      const entry: SmsOutboxEntry = { id, sentAt, ...message };
      await writeOutboxEntry(outboxDir, id, entry);
      log(`Text message to ${message.to} (outbox sms/${id}.json)\n${message.text}`);
    },
  };
}

/** Reads the text-message outbox, newest last. */
export const readSmsOutbox = (outboxDir: string) => readOutboxFolder<SmsOutboxEntry>(outboxDir);
