import { pilotProfileListSchema, pilotProfileQuerySchema } from '../schemas/analysis.ts';
import { defineOperations } from './define.ts';

/** A pilot profile: the people a person flies with (docs/product.md "Instructors and students"). */
export const pilotProfilesOperations = defineOperations({
  list: {
    name: 'pilot-profiles.list',
    method: 'GET',
    path: '/api/pilot_profiles',
    access: 'authenticated',
    summary: 'A pilot profile: the people a person flies with (yourself unless user_id names someone you may see)',
    query: pilotProfileQuerySchema,
    responses: { 200: pilotProfileListSchema },
  },
});
