import { messages, type Person, type userListQuerySchema } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearchParams } from '../../../lib/search-params.ts';
import { peopleKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';

export type PeopleQuery = Partial<Omit<z.output<typeof userListQuerySchema>, 'page' | 'page_size'>> & { page?: number; page_size?: number };

export const getPeople = (query: PeopleQuery, signal?: AbortSignal) =>
  withMessage(apiRequest<{ items: Person[]; total: number }>(`/api/users?${toSearchParams(query)}`, { signal }), messages.fetchUsersFailed);

export const getPeopleQueryOptions = (query: PeopleQuery) =>
  queryOptions({ queryKey: peopleKeys.list(query), queryFn: ({ signal }) => getPeople(query, signal), placeholderData: keepPreviousData });

export const usePeople = (query: PeopleQuery) => useQuery(getPeopleQueryOptions(query));
