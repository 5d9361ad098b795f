import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invitations, orgs } from '../../db/schema/index.ts';

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(db: Executor, values: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}

export async function findInvitationByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ invitation: invitations, orgName: orgs.name })
    .from(invitations)
    .leftJoin(orgs, eq(orgs.id, invitations.orgId))
    .where(eq(invitations.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** The newest open invitation to an e-mail address (a provider's sign-in of someone not registered yet). */
export async function findOpenInvitationByEmail(db: Executor, email: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(eq(sql`lower(${invitations.email})`, email.toLowerCase()), isNull(invitations.acceptedAt), gt(invitations.expiresAt, sql`now()`)),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  return row;
}

/** Marks an open invitation accepted; answers false when another request took it first. */
export async function markInvitationAccepted(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(sql`${invitations.id} = ${id} and ${invitations.acceptedAt} is null`)
    .returning({ id: invitations.id });
  return rows.length === 1;
}

export async function listPendingInvitations(db: Executor, scope: { orgId: string | null; subOrgId?: string | null | undefined }) {
  return db
    .select()
    .from(invitations)
    .where(
      and(
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, sql`now()`),
        scope.orgId ? eq(invitations.orgId, scope.orgId) : undefined,
        scope.subOrgId ? eq(invitations.subOrgId, scope.subOrgId) : undefined,
      ),
    )
    .orderBy(desc(invitations.createdAt));
}

export async function renewInvitation(db: Executor, id: string, tokenHash: string, expiresAt: Date) {
  await db.update(invitations).set({ tokenHash, expiresAt }).where(eq(invitations.id, id));
}
