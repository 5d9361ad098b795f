import { dayRangeQuerySchema, skylogIdParamsSchema, trainingRecordSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import { getTrainingRecord } from './training.service.ts';

export const trainingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/users/:skylog_id/training-record',
    {
      config: { operation: 'users.training-record' },
      schema: {
        tags: ['people'],
        summary: "A person's training record: flights, hours by seat, landings, markers, the analysis's findings, last debrief",
        params: skylogIdParamsSchema,
        querystring: dayRangeQuerySchema,
        response: { 200: trainingRecordSchema },
      },
    },
    async (request) => getTrainingRecord(ctx, requireUser(request), request.params.skylog_id, request.query, request.url),
  );
};
