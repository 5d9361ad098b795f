import { overviewQuerySchema, overviewSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import { getOverview } from './overview.service.ts';

export const overviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/overview',
    {
      config: { operation: 'overview.read' },
      schema: {
        tags: ['overview'],
        summary: "The organization at a glance: this week's and month's flights and hours, people, fleet, markers, flights per week",
        querystring: overviewQuerySchema,
        response: { 200: overviewSchema },
      },
    },
    async (request) => getOverview(ctx, requireUser(request), request.query, request.url),
  );
};
