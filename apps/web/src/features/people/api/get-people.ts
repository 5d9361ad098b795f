import { messages, type userListQuerySchema } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type PeopleQuery = Partial<Omit<z.output<typeof userListQuerySchema>, 'page' | 'page_size'>> & { page?: number; page_size?: number };

export const usePeople = (query: PeopleQuery) =>
  useQuery(
    queryOptions({
      ...api.people.list.query({ query }, { failure: messages.fetchUsersFailed }),
      placeholderData: keepPreviousData,
    }),
  );
