import { createHash, randomBytes } from 'node:crypto';

/** A new unguessable token (256 bits), for a link or a key shown once. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a database leak then reveals no usable token. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
