import { mapBoundsQuerySchema, mapFeaturesSchema } from '../schemas/map.ts';
import { defineOperations } from './define.ts';

/** The offline base map: what the flight map draws when no tile server is configured. */
export const mapOperations = defineOperations({
  readFeatures: {
    name: 'map-features.read',
    method: 'GET',
    path: '/api/map/features',
    access: 'authenticated',
    summary: 'Land, borders and airports inside a box (offline base map)',
    query: mapBoundsQuerySchema,
    responses: { 200: mapFeaturesSchema },
  },
});
