import { messages, type subOrgListSchema } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { subOrgKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';

export type SubOrgList = z.infer<typeof subOrgListSchema>;
export type SubOrgQuery = { search?: string; page?: number; page_size?: number };

export const getSubOrgs = ({ search, page = 0, page_size = 10 }: SubOrgQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams({ page: String(page), page_size: String(page_size) });
  if (search) params.set('search', search);
  return withMessage(apiRequest<SubOrgList>(`/api/sub-orgs?${params.toString()}`, { signal }), messages.fetchSubOrgsFailed);
};

export const useSubOrgs = (query: SubOrgQuery = {}, { isEnabled = true }: { isEnabled?: boolean } = {}) =>
  useQuery({
    ...queryOptions({ queryKey: subOrgKeys.list(query), queryFn: ({ signal }) => getSubOrgs(query, signal), placeholderData: keepPreviousData }),
    enabled: isEnabled,
  });
