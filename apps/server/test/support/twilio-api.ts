import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedText = { accountSid: string; to: string; from: string | null; messagingServiceSid: string | null; body: string };

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A local server speaking Twilio's Messages API as Twilio does: POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded, basic auth with the account SID and auth token; 201 with the message resource, or Twilio's
 * error body. `refuse` makes the next sends fail as Twilio refuses a number it cannot reach.
 */
export async function startTwilioApi(credentials: { accountSid: string; authToken: string }) {
  const received: ReceivedText[] = [];
  let refusal: { status: number; code: number; message: string } | null = null;
  const server = createServer(async (request, response) => {
    const answer = (status: number, body: object) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match)
      return answer(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    const expected = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected || match[1] !== credentials.accountSid) {
      return answer(401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    const form = new URLSearchParams(await readBody(request));
    if (refusal)
      return answer(refusal.status, {
        code: refusal.code,
        message: refusal.message,
        more_info: `https://www.twilio.com/docs/errors/${refusal.code}`,
        status: refusal.status,
      });
    const text: ReceivedText = {
      accountSid: match[1]!,
      to: form.get('To') ?? '',
      from: form.get('From'),
      messagingServiceSid: form.get('MessagingServiceSid'),
      body: form.get('Body') ?? '',
    };
    if (!text.to || !text.body || !(text.from || text.messagingServiceSid)) {
      return answer(400, {
        code: 21604,
        message: "A 'To' phone number, a 'Body' and a 'From' or 'MessagingServiceSid' are required.",
        status: 400,
      });
    }
    received.push(text);
    return answer(201, {
      sid: `SM${randomBytes(16).toString('hex')}`,
      status: 'queued',
      to: text.to,
      from: text.from,
      body: text.body,
      account_sid: text.accountSid,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    refuse: (next: typeof refusal) => void (refusal = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
