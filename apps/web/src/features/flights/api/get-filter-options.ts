import { canCallOperation, type Person, type Role } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { peopleKeys } from '../../../lib/query-keys.ts';

/** People whose flights the pilot filter offers; students see only their own flights, so no filter. */
export const usePilotOptions = (role: Role | undefined) =>
  useQuery(
    queryOptions({
      queryKey: peopleKeys.list({ page: 0, page_size: 100, sort: 'name' }),
      queryFn: ({ signal }) => apiRequest<{ items: Person[]; total: number }>('/api/users?page=0&page_size=100&sort=name', { signal }),
      enabled: role !== undefined && canCallOperation(role, 'users.list'),
      staleTime: 60_000,
    }),
  );
