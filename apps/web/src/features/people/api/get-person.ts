import { messages, type Person } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { peopleKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';

export const getPerson = (id: string, signal?: AbortSignal) =>
  withMessage(apiRequest<Person>(`/api/users/${encodeURIComponent(id)}`, { signal }), messages.fetchUserFailed);

export const getPersonQueryOptions = (id: string) => queryOptions({ queryKey: peopleKeys.detail(id), queryFn: ({ signal }) => getPerson(id, signal) });

export const usePerson = (id: string) => useQuery(getPersonQueryOptions(id));
