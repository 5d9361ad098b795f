import { markerCategoriesUpdateSchema, markerCategoryListSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './markers.service.ts';

export const markersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/marker-categories',
    {
      config: { operation: 'marker-categories.read' },
      schema: { tags: ['markers'], summary: 'The four rocker keys as the organization labels and colours them', response: { 200: markerCategoryListSchema } },
    },
    async (request) => service.getMarkerCategories(ctx, requireUser(request)),
  );

  app.put(
    '/api/marker-categories',
    {
      config: { operation: 'marker-categories.update' },
      schema: {
        tags: ['markers'],
        summary: 'Set the labels and colours of all four rocker keys',
        body: markerCategoriesUpdateSchema,
        response: { 200: markerCategoryListSchema },
      },
    },
    async (request) => service.updateMarkerCategories(ctx, requireUser(request), request.body.categories),
  );
};
