import path from 'node:path';
import { createSmsOutboxSender } from './outbox-sender.ts';
import type { SmsSender } from './sms-sender.ts';
import { createTwilioSender, type TwilioSettings } from './twilio-sender.ts';

export type { SmsSender, TextMessage } from './sms-sender.ts';

export function createSmsSender(options: { twilio: TwilioSettings | undefined; dataDir: string }, log: (line: string) => void): SmsSender {
  if (options.twilio) return createTwilioSender(options.twilio);
  return createSmsOutboxSender(path.join(options.dataDir, 'outbox', 'sms'), log);
}
