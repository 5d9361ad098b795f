import { accessDenialSchema, alertListSchema, auditListQuerySchema, auditListSchema, idParamsSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import { reportAccessDenial } from './access-denials.service.ts';
import * as auditLog from './audit-log.service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/audit-log',
    {
      config: { operation: 'audit.list' },
      schema: { tags: ['audit'], summary: 'The server audit log, newest first', querystring: auditListQuerySchema, response: { 200: auditListSchema } },
    },
    async (request) => auditLog.listAuditLog(ctx, requireUser(request), request.query),
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
    async (request) => auditLog.listAlerts(ctx, requireUser(request), request.query.page),
  );

  app.post(
    '/api/alerts/:id/acknowledge',
    {
      config: { operation: 'alerts.acknowledge' },
      schema: { tags: ['audit'], summary: 'Mark a suspicious-activity alert as seen', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await auditLog.acknowledgeAlert(ctx, requireUser(request), request.params.id, request.url);
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
