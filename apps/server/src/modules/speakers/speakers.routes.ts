import { idParamsSchema, speakersSchema, speakersUpdateSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './speakers.service.ts';

const tags = ['trips'];

/** Who speaks in a flight's transcript: Deepgram's speaker numbers named per flight. */
export const speakersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/trips/:id/speakers',
    {
      config: { operation: 'speakers.read' },
      schema: {
        tags,
        summary: "Names of the transcript's speakers",
        params: idParamsSchema,
        response: { 200: speakersSchema },
      },
    },
    async (request) => service.getSpeakers(ctx, requireUser(request), request.params.id, request.url),
  );

  app.put(
    '/api/trips/:id/speakers',
    {
      config: { operation: 'speakers.update' },
      schema: {
        tags,
        summary: "Name the transcript's speakers (the list replaces the saved one)",
        params: idParamsSchema,
        body: speakersUpdateSchema,
        response: { 200: speakersSchema },
      },
    },
    async (request) => service.updateSpeakers(ctx, requireUser(request), request.params.id, request.body, request.url),
  );
};
