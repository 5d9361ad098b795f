import { z } from 'zod';
import { roleGroups } from '../roles.ts';
import { accessDenialSchema, alertListSchema, auditListQuerySchema, auditListSchema } from '../schemas/audit.ts';
import { idParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

const { specAdmins } = roleGroups;

/**
 * The audit log and suspicious-activity alerts, which back the RBAC page (the administrators' screen:
 * docs/product.md "The audit log and alerts"), and the pages the web app's role gate refused, which every signed-in
 * person reports.
 */
export const auditOperations = defineOperations({
  list: {
    name: 'audit.list',
    method: 'GET',
    path: '/api/audit-log',
    access: specAdmins,
    summary: 'The server audit log, newest first',
    query: auditListQuerySchema,
    responses: { 200: auditListSchema },
  },
  listAlerts: {
    name: 'alerts.list',
    method: 'GET',
    path: '/api/alerts',
    access: specAdmins,
    summary: 'Suspicious-activity alerts, newest first',
    query: z.object({ page: z.coerce.number().int().min(0).default(0) }),
    responses: { 200: alertListSchema },
  },
  acknowledgeAlert: {
    name: 'alerts.acknowledge',
    method: 'POST',
    path: '/api/alerts/:id/acknowledge',
    access: specAdmins,
    summary: 'Mark a suspicious-activity alert as seen',
    params: idParamsSchema,
    responses: { 204: z.null() },
  },
  reportAccessDenial: {
    name: 'access-denials.create',
    method: 'POST',
    path: '/api/access-denials',
    access: 'authenticated',
    summary: 'Report a page the web app refused; audited when the server agrees it is denied',
    body: accessDenialSchema,
    responses: { 200: z.object({ recorded: z.boolean() }) },
  },
});
