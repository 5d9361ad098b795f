import { messages, type SubOrg } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { subOrgKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';

export const getSubOrg = (id: string, signal?: AbortSignal) =>
  withMessage(apiRequest<SubOrg>(`/api/sub-orgs/${encodeURIComponent(id)}`, { signal }), messages.fetchSubOrgsFailed);

export const getSubOrgQueryOptions = (id: string) =>
  queryOptions({ queryKey: subOrgKeys.detail(id), queryFn: ({ signal }) => getSubOrg(id, signal) });

export const useSubOrg = (id: string | null) => useQuery({ ...getSubOrgQueryOptions(id ?? ''), enabled: Boolean(id) });
