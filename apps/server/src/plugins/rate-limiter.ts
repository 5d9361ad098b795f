import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authRateLimit } from '../db/schema/index.ts';

/** One limit: at most `max` attempts per window, counted per client address, or per address and subject. */
export type RateRule = { per: 'address' | 'address+subject'; max: number; windowSeconds: number };

/**
 * Attempts counted in the database, so every instance sees the same counts. Each attempt reserves
 * a place atomically before the work is done, so simultaneous attempts cannot slip past a limit;
 * `release` gives a place back (a successful sign-in does not count against the class behind one
 * school router).
 */
export function createRateLimiter(db: Database, name: string, rules: readonly RateRule[]) {
  const keysOf = (ip: string, subject: string) =>
    rules.map((rule) => ({ rule, key: rule.per === 'address' ? `${name}:${ip}` : `${name}:${ip}:${subject}` }));

  /** Counts one attempt; answers the seconds to wait when a limit is exceeded, otherwise null. */
  async function reserve(ip: string, subject = ''): Promise<number | null> {
    const now = Date.now();
    let retryAfter: number | null = null;
    for (const { rule, key } of keysOf(ip, subject)) {
      const windowMs = rule.windowSeconds * 1000;
      // One statement: a window starts at its first attempt and restarts once it has passed.
      const isWindowOver = sql`${authRateLimit.lastRequest} <= ${now - windowMs}`;
      const [row] = await db
        .insert(authRateLimit)
        .values({ id: randomUUID(), key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: authRateLimit.key,
          set: {
            count: sql`case when ${isWindowOver} then 1 else ${authRateLimit.count} + 1 end`,
            lastRequest: sql`case when ${isWindowOver} then ${now} else ${authRateLimit.lastRequest} end`,
          },
        })
        .returning({ count: authRateLimit.count, lastRequest: authRateLimit.lastRequest });
      if (row && row.count > rule.max) {
        retryAfter = Math.max(retryAfter ?? 0, Math.ceil((row.lastRequest + windowMs - now) / 1000));
      }
    }
    return retryAfter;
  }

  /** Gives back the place an attempt reserved. */
  async function release(ip: string, subject = ''): Promise<void> {
    for (const { key } of keysOf(ip, subject)) {
      await db
        .update(authRateLimit)
        .set({ count: sql`${authRateLimit.count} - 1` })
        .where(and(eq(authRateLimit.key, key), gt(authRateLimit.count, 0)));
    }
  }

  return { reserve, release };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
