export type TextMessage = { to: string; text: string };

/** Sends one text message; a Twilio-compatible API in production, the outbox folder when nothing is configured. */
export type SmsSender = {
  kind: 'twilio' | 'outbox';
  send: (message: TextMessage) => Promise<void>;
};
