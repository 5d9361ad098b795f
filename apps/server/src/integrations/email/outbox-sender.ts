import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileNameOf } from '../../lib/attachment.ts';
import { newOutboxEntry, readOutboxFolder, writeOutboxEntry } from '../../lib/outbox-folder.ts';
import type { EmailMessage, EmailSender } from './email-sender.ts';

/** An attachment as the outbox keeps it: the file beside the message's JSON. */
export type OutboxAttachment = { filename: string; contentType: string; size: number; file: string };

export type OutboxEntry = Omit<EmailMessage, 'attachments'> & {
  id: string;
  from: string;
  sentAt: string;
  attachments?: OutboxAttachment[];
};

/**
 * With no SMTP server configured, mail is written as JSON files under DATA_DIR/outbox and logged,
 * so a local install can still follow verification, reset and invitation links.
 */
export function createOutboxSender(outboxDir: string, from: string, log: (line: string) => void): EmailSender {
  return {
    kind: 'outbox',
    async send(message) {
      const { id, sentAt } = await newOutboxEntry(outboxDir);
      const { attachments = [], ...rest } = message;
      const stored = await Promise.all(
        attachments.map(async (attachment, index) => {
          const file = `${id}-${index + 1}-${fileNameOf(attachment.filename, 'attachment')}`;
          await writeFile(path.join(outboxDir, file), attachment.content, { mode: 0o600 });
          return { filename: attachment.filename, contentType: attachment.contentType, size: attachment.content.length, file };
        }),
      );
      const entry: OutboxEntry = { id, from, sentAt, ...rest, ...(stored.length > 0 ? { attachments: stored } : {}) };
      await writeOutboxEntry(outboxDir, id, entry);
      const attached = stored.map((attachment) => `\nAttached: ${attachment.filename} (outbox ${attachment.file})`).join('');
      log(`E-mail to ${message.to}: "${message.subject}" (outbox ${id}.json)\n${message.text}${attached}`);
    },
    async close() {},
  };
}

/** Reads the outbox, newest last. */
export const readOutbox = (outboxDir: string) => readOutboxFolder<OutboxEntry>(outboxDir);
