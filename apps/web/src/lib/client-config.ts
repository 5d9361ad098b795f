import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** The server's public configuration (GET /api/client-config): read once per page load by every feature that needs it. */
export const clientConfigQueryOptions = () => queryOptions({ ...api.clientConfig.read.query(), staleTime: Infinity });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
