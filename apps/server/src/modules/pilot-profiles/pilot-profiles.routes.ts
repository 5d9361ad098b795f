import { pilotProfileListSchema, pilotProfileQuerySchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import { listPilotProfiles } from './pilot-profiles.service.ts';

export const pilotProfilesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/pilot_profiles',
    {
      config: { operation: 'pilot-profiles.list' },
      schema: {
        tags: ['people'],
        summary: 'A pilot profile: the people a person flies with (yourself unless user_id names someone you may see)',
        querystring: pilotProfileQuerySchema,
        response: { 200: pilotProfileListSchema },
      },
    },
    async (request) => listPilotProfiles(ctx, requireUser(request), request.query.user_id, request.url),
  );
};
