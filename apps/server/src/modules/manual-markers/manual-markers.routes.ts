import { idParamsSchema, manualMarkerInputSchema, manualMarkerSchema, manualMarkerUpdateSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './manual-markers.service.ts';

const tags = ['trips'];

/** Manual markers of docs/product-spec.md §7: each kept in step with its trip's raw_trips. */
export const manualMarkersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/trips/:id/manual-markers',
    {
      config: { operation: 'manual-markers.list' },
      schema: {
        tags,
        summary: 'Manual markers of a trip',
        params: idParamsSchema,
        response: { 200: z.object({ items: z.array(manualMarkerSchema) }) },
      },
    },
    async (request) => service.listManualMarkers(ctx, requireUser(request), request.params.id, request.url),
  );

  app.post(
    '/api/trips/:id/manual-markers',
    {
      config: { operation: 'manual-markers.create' },
      schema: {
        tags,
        summary: 'Add a manual marker (position taken from the track when not given)',
        params: idParamsSchema,
        body: manualMarkerInputSchema,
        response: { 201: manualMarkerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createManualMarker(ctx, requireUser(request), request.params.id, request.body, request.url)),
  );

  app.patch(
    '/api/manual-markers/:id',
    {
      config: { operation: 'manual-markers.update' },
      schema: {
        tags,
        summary: 'Edit a manual marker',
        params: idParamsSchema,
        body: manualMarkerUpdateSchema,
        response: { 200: manualMarkerSchema },
      },
    },
    async (request) => service.updateManualMarker(ctx, requireUser(request), request.params.id, request.body, request.url),
  );
};
