import { mapBoundsQuerySchema, mapFeaturesSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './map.service.ts';

/** The offline base map: what the flight map draws when no tile server is configured. */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/map/features',
    {
      config: { operation: 'map-features.read' },
      schema: {
        tags: ['map'],
        summary: 'Land, borders and airports inside a box (offline base map)',
        querystring: mapBoundsQuerySchema,
        response: { 200: mapFeaturesSchema },
      },
    },
    async (request) => service.getMapFeatures(request.query),
  );
};
