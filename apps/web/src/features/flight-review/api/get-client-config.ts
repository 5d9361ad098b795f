import type { ClientConfig } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getClientConfig = (signal?: AbortSignal) => apiRequest<ClientConfig>('/api/client-config', { signal });

export const useClientConfig = () =>
  useQuery(queryOptions({ queryKey: ['client-config'], queryFn: ({ signal }) => getClientConfig(signal), staleTime: Infinity }));
