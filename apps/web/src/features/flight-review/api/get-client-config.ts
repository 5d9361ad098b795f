import type { ClientConfig } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientConfigKeys } from '../../../lib/query-keys.ts';

export const getClientConfig = (signal?: AbortSignal) => apiRequest<ClientConfig>('/api/client-config', { signal });

export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: clientConfigKeys.all, queryFn: ({ signal }) => getClientConfig(signal), staleTime: Infinity });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
