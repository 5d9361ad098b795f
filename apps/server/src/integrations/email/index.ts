import path from 'node:path';
import type { EmailSender } from './email-sender.ts';
import { createOutboxSender } from './outbox-sender.ts';
import { createSmtpSender } from './smtp-sender.ts';

export type { EmailMessage, EmailSender } from './email-sender.ts';

export function createEmailSender(
  options: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log: (line: string) => void,
): EmailSender {
  if (options.smtpUrl) return createSmtpSender(options.smtpUrl, options.mailFrom);
  return createOutboxSender(path.join(options.dataDir, 'outbox'), options.mailFrom, log);
}
