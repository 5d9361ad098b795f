import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpSender } from './smtp-sender.ts';
import { invitationEmail } from './templates.ts';

describe('SMTP e-mail sender', () => {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    // A real SMTP server on loopback: the sender speaks the wire protocol, nothing is mocked.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the message with sender, recipient, subject and link', async () => {
    const sender = createSmtpSender(`smtp://127.0.0.1:${port}`, 'Skylog <no-reply@skyline.test>');
    await sender.send(invitationEmail('new.student@skyline.test', 'student', 'Skyline Flight Academy', 'https://skylog.example/auth/user-registration?token=abc', 7));
    await sender.close();

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('no-reply@skyline.test');
    expect(mail!.to).toEqual(['new.student@skyline.test']);
    expect(mail!.data).toContain('Subject: You are invited to Skylog at Skyline Flight Academy');
    expect(mail!.data).toContain('https://skylog.example/auth/user-registration?token=abc');
  });

  it('fails loudly when the server refuses the recipient', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(new Error('mailbox unavailable'));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const refusingPort = (refusing.server.address() as AddressInfo).port;
    const sender = createSmtpSender(`smtp://127.0.0.1:${refusingPort}`, 'no-reply@skyline.test');
    await expect(sender.send({ to: 'x@skyline.test', subject: 'x', text: 'x' })).rejects.toThrow(/mailbox unavailable/);
    await sender.close();
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  });
});
