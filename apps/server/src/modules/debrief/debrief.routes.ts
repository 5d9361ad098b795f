import { debriefQuerySchema, idParamsSchema, tripDebriefSentSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/app-context.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { requireUser } from '../../lib/require-user.ts';
import { getDebriefPdf, sendDebrief } from './debrief.service.ts';

export const debriefRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/trips/:id/debrief.pdf',
    {
      config: { operation: 'trips.export' },
      schema: {
        tags: ['trips'],
        summary: 'The one-page debrief of a flight as PDF: track map, altitude profile, key moments, notes, instructor',
        params: idParamsSchema,
        querystring: debriefQuerySchema,
      },
    },
    async (request, reply) =>
      sendAttachment(reply, { type: 'application/pdf', ...(await getDebriefPdf(ctx, requireUser(request), request.params.id, request.query.timezone, request.url)) }),
  );

  app.post(
    '/api/trips/:id/debrief/send',
    {
      config: { operation: 'trips.send-debrief' },
      schema: {
        tags: ['trips'],
        summary: "E-mail the flight's PDF debrief to its students (audited)",
        params: idParamsSchema,
        querystring: debriefQuerySchema,
        response: { 200: tripDebriefSentSchema },
      },
    },
    async (request) => sendDebrief(ctx, requireUser(request), request.params.id, request.query.timezone, request.url),
  );
};
