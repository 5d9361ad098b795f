import { messages, type Org } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { orgKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';

export const getOrg = (id: string, signal?: AbortSignal) =>
  withMessage(apiRequest<Org>(`/api/orgs/${encodeURIComponent(id)}`, { signal }), messages.fetchOrgsFailed);

export const getOrgQueryOptions = (id: string) =>
  queryOptions({ queryKey: orgKeys.detail(id), queryFn: ({ signal }) => getOrg(id, signal) });

export const useOrg = (id: string | null) => useQuery({ ...getOrgQueryOptions(id ?? ''), enabled: Boolean(id) });
