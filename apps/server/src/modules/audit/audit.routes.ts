import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import { reportAccessDenial } from './access-denials.service.ts';
import * as auditLog from './audit-log.service.ts';

export const auditRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'audit', operations.audit, {
    list: async ({ scope, query }) => auditLog.listAuditLog(ctx, scope, query),
    listAlerts: async ({ scope, query }) => auditLog.listAlerts(ctx, scope, query.page),
    acknowledgeAlert: async ({ scope, params }) => {
      await auditLog.acknowledgeAlert(ctx, scope, params.id);
      return undefined;
    },
    reportAccessDenial: async ({ scope, body }) => ({ recorded: await reportAccessDenial(ctx, scope, body.path) }),
  });
};
