import { limits } from '@skylog/contracts';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authRateLimit } from '../db/schema/index.ts';

type Rule = { key: string; max: number };

/**
 * Failed sign-ins are counted per address + e-mail (guessing one password) and per address
 * (trying many accounts) in the database, so every instance sees the same counts. Successful
 * sign-ins do not count: a class behind one school router can all sign in at once.
 */
export function createSignInLimiter(db: Database) {
  const windowMs = limits.signInWindowSeconds * 1000;
  const rules = (ip: string, email: string): Rule[] => [
    { key: `sign-in:${ip}:${email}`, max: limits.signInAttemptsPerWindow },
    { key: `sign-in:${ip}`, max: limits.signInAttemptsPerWindow * 6 },
  ];

  /** Seconds to wait when a rule is exhausted, otherwise null. */
  async function getRetryAfter(ip: string, email: string): Promise<number | null> {
    const now = Date.now();
    let retryAfter: number | null = null;
    for (const rule of rules(ip, email)) {
      const [row] = await db.select().from(authRateLimit).where(eq(authRateLimit.key, rule.key)).limit(1);
      if (!row) continue;
      if (now - row.lastRequest < windowMs && row.count >= rule.max) {
        retryAfter = Math.max(retryAfter ?? 0, Math.ceil((row.lastRequest + windowMs - now) / 1000));
      }
    }
    return retryAfter;
  }

  async function recordFailure(ip: string, email: string): Promise<void> {
    const now = Date.now();
    for (const rule of rules(ip, email)) {
      // One atomic statement: a window starts at its first failure and restarts once it has passed.
      const isWindowOver = sql`${authRateLimit.lastRequest} <= ${now - windowMs}`;
      await db
        .insert(authRateLimit)
        .values({ id: randomUUID(), key: rule.key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: authRateLimit.key,
          set: {
            count: sql`case when ${isWindowOver} then 1 else ${authRateLimit.count} + 1 end`,
            lastRequest: sql`case when ${isWindowOver} then ${now} else ${authRateLimit.lastRequest} end`,
          },
        });
    }
  }

  return { getRetryAfter, recordFailure };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
