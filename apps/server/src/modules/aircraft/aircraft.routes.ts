import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './aircraft.service.ts';

export const aircraftRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'aircraft', operations.aircraft, {
    list: async ({ scope, query }) => service.listAircraft(ctx, scope, query),
    read: async ({ scope, params }) => service.getAircraft(ctx, scope, params.id),
    create: async ({ scope, body }) => service.createAircraft(ctx, scope, body),
    update: async ({ scope, params, body }) => service.updateAircraft(ctx, scope, params.id, body),
    remove: async ({ scope, params }) => {
      await service.deleteAircraft(ctx, scope, params.id);
      return undefined;
    },
  });
};
