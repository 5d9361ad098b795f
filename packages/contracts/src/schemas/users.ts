import { z } from 'zod';
import { text } from './text.ts';
import { roles } from '../roles.ts';

/** A person's account as the API gives it (docs/product.md "People and who manages them"). */
export const userSchema = z.object({
  skylog_id: z.uuid(),
  auth_id: text().nullable(),
  name: text().nullable(),
  email: text(),
  phone: text().nullable(),
  program: text().nullable(),
  license_number: text().nullable(),
  international: z.boolean(),
  fulltime: z.boolean(),
  certifications: z.array(text()),
  user_type: z.enum(roles),
  org_id: z.uuid().nullable(),
  sub_org_id: z.uuid().nullable(),
  cable_collections: z.boolean(),
  is_paid: z.boolean(),
});

export type User = z.infer<typeof userSchema>;

export const orgSchema = z.object({ id: z.uuid(), name: text() });
export type Org = z.infer<typeof orgSchema>;

export const subOrgSchema = z.object({ id: z.uuid(), org_id: z.uuid(), name: text(), description: text().nullable() });
export type SubOrg = z.infer<typeof subOrgSchema>;

/** GET /api/me: the signed-in account with what the shell shows beside it. */
export const meSchema = userSchema.extend({
  role_label: text(),
  is_profile_complete: z.boolean(),
  email_verified: z.boolean(),
  /** Whether this person signs in with an authenticator app (a phone alone does not count toward a requirement). */
  two_factor_enabled: z.boolean(),
  /** A super_admin without an authenticator app: only Account security opens until one is set up. */
  two_factor_setup_required: z.boolean(),
  org: orgSchema.nullable(),
  sub_org: subOrgSchema.nullable(),
});

export type Me = z.infer<typeof meSchema>;

export const orgListSchema = z.object({ items: z.array(orgSchema), total: z.number().int() });

export const orgSwitchSchema = z.strictObject({ org_id: z.uuid({ error: 'Choose an organization' }) });

export const skylogIdParamsSchema = z.object({ skylog_id: z.uuid({ error: 'Not a valid Skylog ID' }) });
export const idParamsSchema = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
