import { useQuery } from '@tanstack/react-query';
import { clientConfigQueryOptions } from '../../../lib/client-config.ts';

/** Whether this installation takes payments: the server says so in its public client configuration. */
export const useIsBillingEnabled = () => useQuery({ ...clientConfigQueryOptions(), select: (config) => config.billing_enabled });
