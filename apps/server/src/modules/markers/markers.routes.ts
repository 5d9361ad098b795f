import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './markers.service.ts';

export const markersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'markers', operations.markers, {
    read: async ({ scope }) => service.getMarkerCategories(ctx, scope.actor),
    update: async ({ scope, body }) => service.updateMarkerCategories(ctx, scope, body.categories),
  });
};
