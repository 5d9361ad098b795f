import { z } from 'zod';
import { roleGroups } from '../roles.ts';
import { manualMarkerInputSchema, manualMarkerSchema, manualMarkerUpdateSchema } from '../schemas/trips.ts';
import { idParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

/** Manual markers (docs/product.md "Markers"): each kept in step with its trip's raw_trips. */
export const manualMarkersOperations = defineOperations({
  list: {
    name: 'manual-markers.list',
    method: 'GET',
    path: '/api/trips/:id/manual-markers',
    access: roleGroups.flightRoles,
    summary: 'Manual markers of a trip',
    params: idParamsSchema,
    responses: { 200: z.object({ items: z.array(manualMarkerSchema) }) },
  },
  create: {
    name: 'manual-markers.create',
    method: 'POST',
    path: '/api/trips/:id/manual-markers',
    access: roleGroups.flightRoles,
    summary: 'Add a manual marker (position taken from the track when not given)',
    params: idParamsSchema,
    body: manualMarkerInputSchema,
    responses: { 201: manualMarkerSchema },
  },
  update: {
    name: 'manual-markers.update',
    method: 'PATCH',
    path: '/api/manual-markers/:id',
    access: roleGroups.flightRoles,
    summary: 'Edit a manual marker',
    params: idParamsSchema,
    body: manualMarkerUpdateSchema,
    responses: { 200: manualMarkerSchema },
  },
});
