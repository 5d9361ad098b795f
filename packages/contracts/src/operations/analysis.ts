import { roleGroups } from '../roles.ts';
import { tripAnalysisSchema } from '../schemas/analysis.ts';
import { idParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

/** The flight's automatic analysis and the debrief notes drafted from it (docs/product.md "The flight review"). */
export const analysisOperations = defineOperations({
  read: {
    name: 'trips.analysis',
    method: 'GET',
    path: '/api/trips/:id/analysis',
    access: roleGroups.flightRoles,
    summary: 'Phases, landings, teachable moments, readback findings and the drafted debrief notes',
    params: idParamsSchema,
    responses: { 200: tripAnalysisSchema },
  },
});
