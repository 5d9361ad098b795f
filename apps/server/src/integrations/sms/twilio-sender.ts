import type { SmsSender } from './sms-sender.ts';

/** `from`: an E.164 number or a Messaging Service SID (MG…); `apiUrl`: Twilio's, or a compatible service's. */
export type TwilioSettings = { accountSid: string; authToken: string; from: string; apiUrl: string };

/** What Twilio answers on a refusal (its REST error shape). */
type TwilioError = { code?: number; message?: string };

/**
 * Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth) spoken
 * directly: several SMS services offer the same API at their own address, which Twilio's SDK cannot reach.
 */
export function createTwilioSender(settings: TwilioSettings, timeoutMs = 10_000): SmsSender {
  const url = new URL(`/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`, settings.apiUrl);
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = settings.from.startsWith('MG') ? { MessagingServiceSid: settings.from } : { From: settings.from };
  return {
    kind: 'twilio',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: message.to, Body: message.text, ...sender }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.ok) return;
      const refusal = (await response.json().catch(() => ({}))) as TwilioError;
      throw new Error(
        `the SMS provider answered ${response.status}${refusal.code ? ` (error ${refusal.code})` : ''}: ${refusal.message ?? response.statusText}`,
      );
    },
  };
}
