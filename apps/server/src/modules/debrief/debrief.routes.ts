import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import { getDebriefPdf, sendDebrief } from './debrief.service.ts';

export const debriefRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'trips', operations.debrief, {
    readPdf: async ({ scope, params, query, reply }) =>
      sendAttachment(reply, { type: 'application/pdf', ...(await getDebriefPdf(ctx, scope, params.id, query.timezone)) }),
    send: async ({ scope, params, query }) => sendDebrief(ctx, scope, params.id, query.timezone),
  });
};
