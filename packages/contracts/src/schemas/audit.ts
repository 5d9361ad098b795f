import { z } from 'zod';
import { text } from './text.ts';

export const auditStatuses = ['denied', 'success', 'failure'] as const;
export type AuditStatus = (typeof auditStatuses)[number];

/** An audit log entry: who, with which role, did what to which resource, and how it ended (docs/product.md "The audit log and alerts"). */
export const auditEntrySchema = z.object({
  id: text(),
  timestamp: text(),
  userId: text().nullable(),
  userRole: text().nullable(),
  /** The person as they are now; both null when the entry has no person or they were deleted (then userId stays). */
  userName: text().nullable(),
  userEmail: text().nullable(),
  action: text(),
  resource: text(),
  status: z.enum(auditStatuses),
  details: z.record(text(), z.unknown()),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z.object({
  user_id: z.uuid().optional(),
  /** Part of the person's name or e-mail, any case. */
  person: text().trim().max(100, 'Search must be at most 100 characters').optional(),
  action: text().max(100).optional(),
  status: z.enum(auditStatuses).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  page: z.coerce.number().int().min(0).default(0),
});

export const auditListSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int() });

export const alertSchema = z.object({
  id: text(),
  created_at: text(),
  user_id: text().nullable(),
  user_name: text().nullable(),
  kind: text(),
  details: z.record(text(), z.unknown()),
  acknowledged_at: text().nullable(),
});

export const alertListSchema = z.object({ items: z.array(alertSchema), total: z.number().int() });

/** The web app's role gate reports a refused page; the server re-decides and audits it. */
export const accessDenialSchema = z.strictObject({
  path: text().min(1).max(2000).startsWith('/', 'The path must start with /'),
});
