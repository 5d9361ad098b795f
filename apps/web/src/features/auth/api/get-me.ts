import type { Me } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { meKeys } from '../../../lib/query-keys.ts';

export const getMe = (signal?: AbortSignal) => apiRequest<Me>('/api/me', { signal });

export const getMeQueryOptions = () => queryOptions({ queryKey: meKeys.all, queryFn: ({ signal }) => getMe(signal) });

export const useMe = () => useQuery(getMeQueryOptions());
