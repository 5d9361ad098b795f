import { messages } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type OverviewQuery = { timezone: string; sub_org_id?: string | undefined };

/** Asked again whenever the screen opens (the figures move with every flight); the last answer shows meanwhile. */
export const useOverview = (query: OverviewQuery) =>
  useQuery(
    queryOptions({
      ...api.overview.read.query({ query }, { failure: messages.fetchOverviewFailed }),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
