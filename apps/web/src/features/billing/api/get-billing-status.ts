import type { ClientConfig } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientConfigKeys } from '../../../lib/query-keys.ts';

const getClientConfig = (signal?: AbortSignal) => apiRequest<ClientConfig>('/api/client-config', { signal });

/** Whether this installation takes payments: the server says so in its public client configuration. */
export const useIsBillingEnabled = () =>
  useQuery(
    queryOptions({
      queryKey: clientConfigKeys.all,
      queryFn: ({ signal }) => getClientConfig(signal),
      staleTime: Infinity,
      select: (config) => config.billing_enabled,
    }),
  );
