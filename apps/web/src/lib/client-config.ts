import type { ClientConfig } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { clientConfigKeys } from './query-keys.ts';

/** The server's public configuration (GET /api/client-config): read once per page load by every feature that needs it. */
export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: clientConfigKeys.all,
    queryFn: ({ signal }) => apiRequest<ClientConfig>('/api/client-config', { signal }),
    staleTime: Infinity,
  });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
