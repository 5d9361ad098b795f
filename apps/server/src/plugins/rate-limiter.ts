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
 * school router). Rules are asked in order and an attempt one of them refuses counts against none:
 * guesses the per-account limit refuses never use up the whole address's allowance.
 */
export function createRateLimiter(db: Database, name: string, rules: readonly RateRule[]) {
  const keysOf = (ip: string, subject: string) =>
    rules.map((rule) => ({ rule, key: rule.per === 'address' ? `${name}:${ip}` : `${name}:${ip}:${subject}` }));

  async function giveBack(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await db
        .update(authRateLimit)
        .set({ count: sql`${authRateLimit.count} - 1` })
        .where(and(eq(authRateLimit.key, key), gt(authRateLimit.count, 0)));
    }
  }

  /** Counts one attempt; answers the seconds to wait when a limit refuses it, otherwise null. */
  async function reserve(ip: string, subject = ''): Promise<number | null> {
    const now = Date.now();
    const taken: string[] = [];
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
      taken.push(key);
      if (row && row.count > rule.max) {
        await giveBack(taken);
        return Math.ceil((row.lastRequest + windowMs - now) / 1000);
      }
    }
    return null;
  }

  /** Gives back the places an attempt reserved. */
  async function release(ip: string, subject = ''): Promise<void> {
    await giveBack(keysOf(ip, subject).map(({ key }) => key));
  }

  return { reserve, release };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
