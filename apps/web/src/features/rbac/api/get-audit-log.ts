import type { AuditStatus } from '@skylog/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** `person`: part of a name or e-mail, matched by the server within the caller's organization. */
export type AuditQuery = { person?: string; action?: string; status?: AuditStatus; from?: string; to?: string; page: number };

export const useAuditLog = (query: AuditQuery) => useQuery({ ...api.audit.list.query({ query }), placeholderData: keepPreviousData });
