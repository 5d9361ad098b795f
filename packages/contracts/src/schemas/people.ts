import { z } from 'zod';
import { text } from './text.ts';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { assignableRoles, roles } from '../roles.ts';
import { subOrgSchema, userSchema } from './users.ts';

export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(0).default(0),
  page_size: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100).default(limits.tripsPageSize),
});

const search = text().trim().max(100, 'Search must be at most 100 characters').optional();

export const userSortFields = ['name', 'email', 'user_type', 'created_at', 'cable_collected_at'] as const;

/** GET /api/users: people in the caller's scope; `org_id=all` lets super_admin see every organization. */
export const userListQuerySchema = pageQuerySchema.extend({
  role: z.enum(roles).optional(),
  sub_org_id: z.uuid().optional(),
  org_id: z.union([z.uuid(), z.literal('all')]).optional(),
  search,
  cable: z.enum(['collected', 'not_collected']).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  sort: z.enum(userSortFields).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const personSchema = userSchema.extend({
  is_active: z.boolean(),
  org_name: text().nullable(),
  sub_org_name: text().nullable(),
  cable_collected_at: text().nullable(),
  cable_collected_by: z.uuid().nullable(),
  cable_collected_by_name: text().nullable(),
  created_at: text(),
  /** What the caller may do to this person, decided by the server's access rules (the web shows buttons by these). */
  can_edit: z.boolean(),
  can_administer: z.boolean(),
  can_delete: z.boolean(),
});

export type Person = z.infer<typeof personSchema>;

export const personListSchema = z.object({ items: z.array(personSchema), total: z.number().int() });

export const roleChangeSchema = z.strictObject({ user_type: z.enum(assignableRoles, { error: 'Choose a role' }) });

/** Moving a person to an organization and / or sub-organization; null removes it (docs/product.md "People and who manages them"). */
export const assignmentSchema = z
  .strictObject({ org_id: z.uuid().nullable().optional(), sub_org_id: z.uuid().nullable().optional() })
  .refine((value) => value.org_id !== undefined || value.sub_org_id !== undefined, { message: 'Choose an organization or a sub-organization' });

export const cableUpdateSchema = z.strictObject({ cable_collections: z.boolean({ error: 'cable_collections must be true or false' }) });

export const relationSchema = z.strictObject({ instructor: z.uuid('Choose an instructor'), student: z.uuid('Choose a student') });
export type Relation = z.infer<typeof relationSchema>;

export const relationsCreateSchema = z.array(relationSchema).min(1, 'Choose at least one person').max(100);

export const relationsQuerySchema = z.object({ instructor: z.uuid().optional(), student: z.uuid().optional() });

export const relationListSchema = z.object({
  items: z.array(relationSchema.extend({ instructor_name: text().nullable(), student_name: text().nullable() })),
  total: z.number().int(),
});

const subOrgName = text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(limits.nameMaxLength);
const subOrgDescription = text().trim().max(1000, 'Description must be at most 1000 characters').nullable().optional();

export const subOrgCreateSchema = z.strictObject({ name: subOrgName, description: subOrgDescription, org_id: z.uuid().optional() });

/** A sub-organization's update names the sub-organization it changes (docs/product.md "Organizations and sub-organizations"). */
export const subOrgUpdateSchema = z.strictObject({
  id: z.uuid({ error: messages.subOrgIdRequired }),
  name: subOrgName.optional(),
  description: subOrgDescription,
});

export const subOrgListQuerySchema = pageQuerySchema.extend({ search, org_id: z.uuid().optional() });

export const subOrgListItemSchema = subOrgSchema.extend({ member_count: z.number().int(), trip_count: z.number().int() });

export const subOrgListSchema = z.object({ items: z.array(subOrgListItemSchema), total: z.number().int() });

/** GET /api/sub-orgs/:id/flight-stats: each member's flights in the sub-organization (owner or a seat) and their flight time. */
export const subOrgFlightStatsSchema = z.object({
  items: z.array(
    z.object({
      skylog_id: z.uuid(),
      name: text().nullable(),
      email: text(),
      user_type: z.enum(roles),
      flights: z.number().int(),
      flight_time_ms: z.number().int(),
    }),
  ),
});

export type SubOrgFlightStats = z.infer<typeof subOrgFlightStatsSchema>;

export const orgCreateSchema = z.strictObject({
  name: text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(limits.nameMaxLength),
});

export const invitationListSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      email: text(),
      user_type: z.enum(assignableRoles),
      org_id: z.uuid().nullable(),
      sub_org_id: z.uuid().nullable(),
      expires_at: text(),
      created_at: text(),
    }),
  ),
  total: z.number().int(),
});
