import type { Person } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const pageSize = 100;

export const getOrganizationPeople = (search: string, signal?: AbortSignal) => {
  const params = new URLSearchParams({ page_size: String(pageSize) });
  if (search) params.set('search', search);
  return apiRequest<{ items: Person[]; total: number }>(`/api/users?${params.toString()}`, { signal });
};

/** People a trip can be shared with: the caller's organization, searched on the server. */
export const useOrganizationPeople = (search: string, isEnabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: ['people', { page_size: pageSize, search }],
      queryFn: ({ signal }) => getOrganizationPeople(search, signal),
      enabled: isEnabled,
      placeholderData: keepPreviousData,
    }),
  );
