import { accessDenialSchema, alertListSchema, auditListQuerySchema, auditListSchema, idParamsSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import { notFound } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import { reportAccessDenial } from './access-denials.service.ts';
import * as repository from './audit.repository.ts';

const pageSize = 50;

/** super_admin reads every organization's log; org admins only their own organization's. */
const scopeOrgId = (user: RequestUser) => (user.role === 'super_admin' ? null : (user.orgId ?? '00000000-0000-0000-0000-000000000000'));

export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/audit-log',
    {
      config: { operation: 'audit.list' },
      schema: { tags: ['audit'], summary: 'The server audit log, newest first', querystring: auditListQuerySchema, response: { 200: auditListSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const query = request.query;
      const { items, total } = await repository.listAuditEntries(
        ctx.db,
        {
          orgId: scopeOrgId(user),
          userId: query.user_id,
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
        items: items.map((row) => ({
          id: String(row.id),
          timestamp: row.timestamp.toISOString(),
          userId: row.userId,
          userRole: row.userRole,
          action: row.action,
          resource: row.resource,
          status: row.status as 'denied' | 'success' | 'failure',
          details: row.details,
        })),
      };
    },
  );

  app.get(
    '/api/alerts',
    {
      config: { operation: 'alerts.list' },
      schema: {
        tags: ['audit'],
        summary: 'Suspicious-activity alerts, newest first',
        querystring: z.object({ page: z.coerce.number().int().min(0).default(0) }),
        response: { 200: alertListSchema },
      },
    },
    async (request) => {
      const { items, total } = await repository.listAlerts(ctx.db, scopeOrgId(requireUser(request)), request.query.page * pageSize, pageSize);
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
    },
  );

  app.post(
    '/api/alerts/:id/acknowledge',
    {
      config: { operation: 'alerts.acknowledge' },
      schema: { tags: ['audit'], summary: 'Mark a suspicious-activity alert as seen', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await repository.acknowledgeAlert(ctx.db, request.params.id, scopeOrgId(user), user.skylogId))) throw notFound('Alert not found');
      await ctx.audit.record({ actor: user, action: 'alerts.acknowledge', resource: `alerts/${request.params.id}`, status: 'success' });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/access-denials',
    {
      config: { operation: 'access-denials.create' },
      schema: {
        tags: ['audit'],
        summary: 'Report a page the web app refused; audited when the server agrees it is denied',
        body: accessDenialSchema,
        response: { 200: z.object({ recorded: z.boolean() }) },
      },
    },
    async (request) => ({ recorded: await reportAccessDenial(ctx, requireUser(request), request.body.path, request.ip) }),
  );
};
