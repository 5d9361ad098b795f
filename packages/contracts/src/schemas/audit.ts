import { z } from 'zod';

export const auditStatuses = ['denied', 'success', 'failure'] as const;
export type AuditStatus = (typeof auditStatuses)[number];

/** An audit entry with the fields of spec §3. */
export const auditEntrySchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  userId: z.string().nullable(),
  userRole: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  status: z.enum(auditStatuses),
  details: z.record(z.string(), z.unknown()),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z.object({
  user_id: z.uuid().optional(),
  action: z.string().max(100).optional(),
  status: z.enum(auditStatuses).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  page: z.coerce.number().int().min(0).default(0),
});

export const auditListSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int() });

export const alertSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  kind: z.string(),
  details: z.record(z.string(), z.unknown()),
  acknowledged_at: z.string().nullable(),
});

export const alertListSchema = z.object({ items: z.array(alertSchema), total: z.number().int() });

/** The web app's role gate reports a refused page; the server re-decides and audits it. */
export const accessDenialSchema = z.strictObject({
  path: z.string().min(1).max(2000).startsWith('/', 'The path must start with /'),
});
