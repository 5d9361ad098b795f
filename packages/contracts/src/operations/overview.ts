import { roleGroups } from '../roles.ts';
import { overviewQuerySchema, overviewSchema } from '../schemas/overview.ts';
import { defineOperations } from './define.ts';

export const overviewOperations = defineOperations({
  // The school at a glance, for the administrators' screen roles (docs/product.md "Overview").
  read: {
    name: 'overview.read',
    method: 'GET',
    path: '/api/overview',
    access: roleGroups.specAdmins,
    summary: "The organization at a glance: this week's and month's flights and hours, people, fleet, markers, flights per week",
    query: overviewQuerySchema,
    responses: { 200: overviewSchema },
  },
});
