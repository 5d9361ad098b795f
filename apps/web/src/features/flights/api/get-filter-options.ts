import { type Role } from '@skylog/contracts';
import { canCallOperation } from '../../../lib/operation-access.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** People whose flights the pilot filter offers; students see only their own flights, so no filter. */
export const usePilotOptions = (role: Role | undefined) =>
  useQuery({
    ...api.people.list.query({ query: { page: 0, page_size: 100, sort: 'name' } }),
    enabled: role !== undefined && canCallOperation(role, 'users.list'),
    staleTime: 60_000,
  });
