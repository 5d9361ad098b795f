import { limits, type AuditStatus } from '@skylog/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { alertFilingOrg, denialFilingOrg } from '../../access/access-rules.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import * as repository from './audit.repository.ts';

export type AuditEvent = {
  actor: Pick<RequestUser, 'skylogId' | 'role' | 'orgId'> | null;
  /** The organization the entry belongs to, when not the actor's (Stripe's webhook has no actor; a super admin acts for others). */
  orgId?: string | null;
  action: string;
  resource: string;
  status: AuditStatus;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
};

export type DenialEvent = {
  actor: Pick<RequestUser, 'skylogId' | 'role' | 'orgId'>;
  /** The organization of the row refused, when one was read (a role denial names none). */
  rowOrgId?: string | null;
  action: string;
  resource: string;
  path: string;
  isSelfAccess: boolean;
  reason: 'role' | 'scope';
  ipAddress?: string | null;
};

export type AuditService = ReturnType<typeof createAuditService>;

export const suspiciousActivityKind = 'suspicious_activity';

export function createAuditService(db: Database, log: FastifyBaseLogger) {
  async function record(event: AuditEvent): Promise<void> {
    try {
      await repository.insertAuditEntry(db, {
        userId: event.actor?.skylogId ?? null,
        userRole: event.actor?.role ?? null,
        orgId: event.orgId !== undefined ? event.orgId : (event.actor?.orgId ?? null),
        action: event.action,
        resource: event.resource,
        status: event.status,
        details: event.details ?? {},
        ipAddress: event.ipAddress ?? null,
      });
    } catch (error) {
      // A failure to write the audit log is only logged; the request's own outcome stands (docs/product.md "The audit log and alerts").
      log.error({ err: error, event }, 'failed to write audit log entry');
    }
  }

  /**
   * Records a denied access (who, their role, the action, the resource, the path, whether it was their own row) and
   * raises an alert at `limits.suspiciousDenials` denials within `limits.suspiciousWindowMs`. Each is filed where
   * access-rules.ts says, so an organization's log and alerts never name another's rows.
   */
  async function recordDenial(event: DenialEvent): Promise<void> {
    const timestamp = new Date();
    const orgId = denialFilingOrg(event.actor, event.rowOrgId);
    const alertOrgId = alertFilingOrg(event.actor);
    await record({
      actor: event.actor,
      orgId,
      action: event.action,
      resource: event.resource,
      status: 'denied',
      ipAddress: event.ipAddress ?? null,
      details: { path: event.path, isSelfAccess: event.isSelfAccess, timestamp: timestamp.toISOString(), reason: event.reason },
    });
    try {
      const since = new Date(timestamp.getTime() - limits.suspiciousWindowMs);
      await db.transaction(async (tx) => {
        // One evaluation per user at a time, so simultaneous denials raise one alert, not several.
        await repository.lockUserAlerts(tx, event.actor.skylogId);
        const denials = await repository.countDenialsSince(tx, event.actor.skylogId, since);
        if (denials < limits.suspiciousDenials) return;
        if (await repository.findAlertSince(tx, event.actor.skylogId, suspiciousActivityKind, since)) return;
        await repository.insertAlert(tx, {
          userId: event.actor.skylogId,
          orgId: alertOrgId,
          kind: suspiciousActivityKind,
          details: {
            userRole: event.actor.role,
            deniedCount: denials,
            windowMs: limits.suspiciousWindowMs,
            // Only a path the alert's readers may see: another organization's row stays out.
            ...(alertOrgId === orgId ? { lastPath: event.path } : {}),
            timestamp: timestamp.toISOString(),
          },
        });
      });
    } catch (error) {
      log.error({ err: error }, 'failed to evaluate suspicious activity');
    }
  }

  return { record, recordDenial };
}
