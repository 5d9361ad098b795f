import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './speakers.service.ts';

export const speakersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'trips', operations.speakers, {
    read: async ({ scope, params }) => service.getSpeakers(ctx, scope, params.id),
    update: async ({ scope, params, body }) => service.updateSpeakers(ctx, scope, params.id, body),
  });
};
