import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './analysis.service.ts';

export const analysisRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'trips', operations.analysis, {
    read: async ({ scope, params }) => service.getTripAnalysis(ctx, scope, params.id),
  });
};
