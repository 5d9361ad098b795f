import { createHmac } from 'node:crypto';

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = base32Alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/**
 * The code an authenticator app shows for a base32 key (RFC 6238 / RFC 4226, HMAC-SHA1, 30 s, 6 digits),
 * written from the RFCs so the tests do not check better-auth's codes with better-auth's own code.
 * `stepOffset` gives the code of an earlier or later step.
 */
export function totpCode(base32Key: string, stepOffset = 0, now = Date.now()): string {
  const counter = Math.floor(now / 30_000) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(base32Key)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** The secret of an otpauth:// address, as an app reads it from the QR code. */
export function keyOfTotpUri(uri: string): string {
  const key = new URL(uri).searchParams.get('secret');
  if (!key) throw new Error(`no secret in ${uri}`);
  return key;
}

/** Milliseconds until the next 30-second step begins. */
export function msToNextStep(now = Date.now()): number {
  return 30_000 - (now % 30_000);
}

/**
 * The codes to try for a second step, newest first: each code is taken once, so a quick second sign-in
 * uses the next step's (one step early or late is accepted), and after three it waits for a new step.
 */
export async function* freshCodes(key: string): AsyncGenerator<string> {
  for (;;) {
    for (const offset of [0, 1, -1]) yield totpCode(key, offset);
    await new Promise((resolve) => setTimeout(resolve, msToNextStep() + 100));
  }
}
