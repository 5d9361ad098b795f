import { messages, type Overview } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { overviewKeys } from '../../../lib/query-keys.ts';
import { withQuery } from '../../../lib/search-params.ts';
import { withMessage } from '../../../lib/with-message.ts';

export type OverviewQuery = { timezone: string; sub_org_id?: string | undefined };

export const getOverview = (query: OverviewQuery, signal?: AbortSignal) =>
  withMessage(apiRequest<Overview>(withQuery('/api/overview', query), { signal }), messages.fetchOverviewFailed);

/** Asked again whenever the screen opens (the figures move with every flight); the last answer shows meanwhile. */
export const useOverview = (query: OverviewQuery) =>
  useQuery(
    queryOptions({
      queryKey: overviewKeys.detail(query),
      queryFn: ({ signal }) => getOverview(query, signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
