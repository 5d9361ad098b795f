import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiTokens, authTwoFactor, orgs, users } from '../../db/schema/index.ts';
import { signInDemands } from '../../db/columns.ts';

export async function listTokens(db: Executor, userId: string) {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
}

export async function insertToken(db: Executor, values: typeof apiTokens.$inferInsert) {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

export async function revokeToken(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** The live token with this hash and its person. */
export async function findTokenOwner(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ tokenId: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt, user: users, ...signInDemands })
    .from(apiTokens)
    .innerJoin(users, eq(users.skylogId, apiTokens.userId))
    .leftJoin(authTwoFactor, eq(authTwoFactor.userId, users.authId))
    .leftJoin(orgs, eq(orgs.id, users.orgId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
    .limit(1);
  return row;
}

export async function touchToken(db: Executor, id: string): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, id));
}
