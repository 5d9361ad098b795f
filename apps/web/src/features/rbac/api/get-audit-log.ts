import type { AuditStatus, auditListSchema } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { auditLogKeys } from '../../../lib/query-keys.ts';

/** `person`: part of a name or e-mail, matched by the server within the caller's organization. */
export type AuditQuery = { person?: string; action?: string; status?: AuditStatus; from?: string; to?: string; page: number };
export type AuditList = z.infer<typeof auditListSchema>;

export const getAuditLog = (query: AuditQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return apiRequest<AuditList>(`/api/audit-log?${params.toString()}`, { signal });
};

export const useAuditLog = (query: AuditQuery) =>
  useQuery(
    queryOptions({
      queryKey: auditLogKeys.list(query),
      queryFn: ({ signal }) => getAuditLog(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
