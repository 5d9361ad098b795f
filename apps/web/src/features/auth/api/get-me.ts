import type { Me } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/query-keys.ts';

export const getMe = (signal?: AbortSignal) => apiRequest<Me>('/api/me', { signal });

export const getMeQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });

export const useMe = () => useQuery(getMeQueryOptions());
