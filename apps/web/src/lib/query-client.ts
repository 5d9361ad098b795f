import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { meKeys } from './query-keys.ts';

export function createQueryClient() {
  // A 402 means the school's subscription ended while this page was open: the account is read again, and the shell then
  // holds the person where they can pay or learn whom to ask (docs/product.md "Billing and the payment hold").
  const onError = (error: Error) => {
    if (error instanceof ApiError && error.status === 402) void queryClient.invalidateQueries({ queryKey: meKeys.all });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // Client errors (401, 402, 403, 404) will not change on retry.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
  return queryClient;
}
