import type { z } from 'zod';
import type { auditListQuerySchema } from '@skylog/contracts';
import { auditScope } from '../../access/access-rules.ts';
import { requireAlert } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import * as repository from './audit.repository.ts';

const pageSize = 50;

/** The server audit log, newest first, with each person's name: super_admin every organization's, org admins their own. */
export async function listAuditLog(ctx: AppContext, { actor }: RequestScope, query: z.infer<typeof auditListQuerySchema>) {
  const readable = auditScope(actor);
  if (readable.isEmpty) return { total: 0, items: [] };
  const { items, total } = await repository.listAuditEntries(
    ctx.db,
    {
      orgId: readable.orgId,
      userId: query.user_id,
      person: query.person || undefined,
      action: query.action,
      status: query.status,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    },
    query.page * pageSize,
    pageSize,
  );
  return {
    total,
    items: items.map(({ entry, userName, userEmail }) => ({
      id: String(entry.id),
      timestamp: entry.timestamp.toISOString(),
      userId: entry.userId,
      userRole: entry.userRole,
      userName,
      userEmail,
      action: entry.action,
      resource: entry.resource,
      status: entry.status as 'denied' | 'success' | 'failure',
      details: entry.details,
    })),
  };
}

export async function listAlerts(ctx: AppContext, { actor }: RequestScope, page: number) {
  const readable = auditScope(actor);
  if (readable.isEmpty) return { total: 0, items: [] };
  const { items, total } = await repository.listAlerts(ctx.db, readable.orgId, page * pageSize, pageSize);
  return {
    total,
    items: items.map(({ alert, userName, userEmail }) => ({
      id: alert.id,
      created_at: alert.createdAt.toISOString(),
      user_id: alert.userId,
      user_name: userName ?? userEmail,
      kind: alert.kind,
      details: alert.details,
      acknowledged_at: alert.acknowledgedAt?.toISOString() ?? null,
    })),
  };
}

export async function acknowledgeAlert(ctx: AppContext, scope: RequestScope, id: string) {
  const { actor } = scope;
  await requireAlert(ctx, actor, id, scope);
  await repository.acknowledgeAlert(ctx.db, id, actor.skylogId);
  await ctx.audit.record({ actor, action: scope.operation, resource: `alerts/${id}`, status: 'success' });
}
