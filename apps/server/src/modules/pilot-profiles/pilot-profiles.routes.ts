import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import { listPilotProfiles } from './pilot-profiles.service.ts';

export const pilotProfilesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'people', operations.pilotProfiles, {
    list: async ({ scope, query }) => listPilotProfiles(ctx, scope, query.user_id),
  });
};
