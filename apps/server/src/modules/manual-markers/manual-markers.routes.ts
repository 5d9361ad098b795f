import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './manual-markers.service.ts';

export const manualMarkersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'trips', operations.manualMarkers, {
    list: async ({ scope, params }) => service.listManualMarkers(ctx, scope, params.id),
    create: async ({ scope, params, body }) => service.createManualMarker(ctx, scope, params.id, body),
    update: async ({ scope, params, body }) => service.updateManualMarker(ctx, scope, params.id, body),
  });
};
