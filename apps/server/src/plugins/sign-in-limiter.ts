import { randomUUID } from 'node:crypto';
import { limits } from '@skylog/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authRateLimit } from '../db/schema/index.ts';

type Rule = { key: string; max: number };

/**
 * Sign-in attempts are counted per address + e-mail (guessing one password) and per address
 * (trying many accounts) in the database, so every instance sees the same counts. Each attempt
 * reserves a place atomically before the password is checked, so simultaneous guesses cannot slip
 * past the limit; a successful sign-in gives its place back, so a whole class behind one school
 * router can sign in at once.
 */
export function createSignInLimiter(db: Database) {
  const windowMs = limits.signInWindowSeconds * 1000;
  const rules = (ip: string, email: string): Rule[] => [
    { key: `sign-in:${ip}:${email}`, max: limits.signInAttemptsPerWindow },
    { key: `sign-in:${ip}`, max: limits.signInAttemptsPerWindow * 6 },
  ];

  /** Counts one attempt; answers the seconds to wait when a limit is exceeded, otherwise null. */
  async function reserve(ip: string, email: string): Promise<number | null> {
    const now = Date.now();
    let retryAfter: number | null = null;
    for (const rule of rules(ip, email)) {
      // One statement: a window starts at its first attempt and restarts once it has passed.
      const isWindowOver = sql`${authRateLimit.lastRequest} <= ${now - windowMs}`;
      const [row] = await db
        .insert(authRateLimit)
        .values({ id: randomUUID(), key: rule.key, count: 1, lastRequest: now })
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

  /** A successful sign-in does not count against the limits. */
  async function release(ip: string, email: string): Promise<void> {
    for (const rule of rules(ip, email)) {
      await db
        .update(authRateLimit)
        .set({ count: sql`${authRateLimit.count} - 1` })
        .where(and(eq(authRateLimit.key, rule.key), gt(authRateLimit.count, 0)));
    }
  }

  return { reserve, release };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
