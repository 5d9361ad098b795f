import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditStatus } from '@skylog/contracts';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { alerts, auditLog, users } from '../../db/schema/index.ts';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** Holds a per-user lock until the surrounding transaction ends. */
export async function lockUserAlerts(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alerts:${userId}`}))`);
}

export async function countDenialsSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.status, 'denied'), gte(auditLog.timestamp, since)));
  return row?.value ?? 0;
}

export async function findAlertSince(db: Executor, userId: string, kind: string, since: Date) {
  const [row] = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.kind, kind), gte(alerts.createdAt, since)))
    .limit(1);
  return row;
}

export async function insertAlert(db: Executor, alert: typeof alerts.$inferInsert): Promise<void> {
  await db.insert(alerts).values(alert);
}

export type AuditFilter = {
  orgId: string | null;
  userId?: string | undefined;
  /** Part of the person's name or e-mail. */
  person?: string | undefined;
  action?: string | undefined;
  status?: AuditStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

function auditWhere(filter: AuditFilter): SQL | undefined {
  const pattern = containsPattern(filter.person);
  // People are matched in their own table first, so the log is read by its (user_id, timestamp) index.
  const people = pattern
    ? sql`${auditLog.userId} = any(array(select ${users.skylogId} from ${users} where ${or(ilike(users.name, pattern), ilike(users.email, pattern))}))`
    : undefined;
  return and(
    filter.orgId ? eq(auditLog.orgId, filter.orgId) : undefined,
    filter.userId ? eq(auditLog.userId, filter.userId) : undefined,
    people,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.status ? eq(auditLog.status, filter.status) : undefined,
    filter.from ? gte(auditLog.timestamp, filter.from) : undefined,
    filter.to ? lte(auditLog.timestamp, filter.to) : undefined,
  );
}

export async function listAuditEntries(db: Executor, filter: AuditFilter, offset: number, limit: number) {
  const where = auditWhere(filter);
  const [items, totals] = await Promise.all([
    db
      .select({ entry: auditLog, userName: users.name, userEmail: users.email })
      .from(auditLog)
      // A deleted person's entries keep their id; the join then finds nobody.
      .leftJoin(users, eq(users.skylogId, auditLog.userId))
      .where(where)
      .orderBy(desc(auditLog.timestamp), desc(auditLog.id))
      .offset(offset)
      .limit(limit),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { items, total: totals[0]?.value ?? 0 };
}

export async function listAlerts(db: Executor, orgId: string | null, offset: number, limit: number) {
  const where = orgId ? eq(alerts.orgId, orgId) : undefined;
  const [items, totals] = await Promise.all([
    db
      .select({ alert: alerts, userName: users.name, userEmail: users.email })
      .from(alerts)
      .leftJoin(users, eq(users.skylogId, alerts.userId))
      .where(where)
      .orderBy(desc(alerts.createdAt))
      .offset(offset)
      .limit(limit),
    db.select({ value: count() }).from(alerts).where(where),
  ]);
  return { items, total: totals[0]?.value ?? 0 };
}

export async function acknowledgeAlert(db: Executor, id: string, by: string): Promise<void> {
  await db.update(alerts).set({ acknowledgedAt: new Date(), acknowledgedBy: by }).where(eq(alerts.id, id));
}
