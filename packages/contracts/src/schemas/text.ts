import { z } from 'zod';
import { messages } from '../messages.ts';

/** NUL, or a lone UTF-16 surrogate (half an emoji): PostgreSQL stores neither in text or jsonb. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused.
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (value: string): boolean => !unstorable.test(value);

/**
 * Every string Skylog accepts: what PostgreSQL cannot store is refused here, with a field message,
 * before it could reach the database. Use this instead of `z.string()`.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { message: messages.unstorableCharacter });
