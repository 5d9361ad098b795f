import type { ClientConfig } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getClientConfig = (signal?: AbortSignal) => apiRequest<ClientConfig>('/api/client-config', { signal });

export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: ['client-config'], queryFn: ({ signal }) => getClientConfig(signal), staleTime: Infinity });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
