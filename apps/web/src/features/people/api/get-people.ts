import { messages, type userListQuerySchema } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { withMessage } from '../../../lib/with-message.ts';

export type PeopleQuery = Partial<Omit<z.output<typeof userListQuerySchema>, 'page' | 'page_size'>> & { page?: number; page_size?: number };

export const usePeople = (query: PeopleQuery) =>
  useQuery(
    queryOptions({
      queryKey: api.people.list.key({ query }),
      queryFn: ({ signal }) => withMessage(api.people.list({ query }, { signal }), messages.fetchUsersFailed),
      placeholderData: keepPreviousData,
    }),
  );
