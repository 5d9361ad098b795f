import { idParamsSchema, tripAnalysisSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './analysis.service.ts';

/** The flight's automatic analysis and the debrief notes drafted from it (docs/product-spec.md §3 ai_* fields). */
export const analysisRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/trips/:id/analysis',
    {
      config: { operation: 'trips.analysis' },
      schema: {
        tags: ['trips'],
        summary: 'Phases, landings, teachable moments, readback findings and the drafted debrief notes',
        params: idParamsSchema,
        response: { 200: tripAnalysisSchema },
      },
    },
    async (request) => service.getTripAnalysis(ctx, requireUser(request), request.params.id, request.url),
  );
};
