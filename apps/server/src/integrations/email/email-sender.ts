export type EmailAttachment = { filename: string; contentType: string; content: Buffer };

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
};

/** Sends one e-mail; SMTP in production, the outbox folder when nothing is configured. */
export type EmailSender = {
  kind: 'smtp' | 'outbox';
  send: (message: EmailMessage) => Promise<void>;
  close: () => Promise<void>;
};
