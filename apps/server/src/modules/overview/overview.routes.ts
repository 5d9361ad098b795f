import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import { getOverview } from './overview.service.ts';

export const overviewRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'overview', operations.overview, {
    read: async ({ scope, query }) => getOverview(ctx, scope, query),
  });
};
