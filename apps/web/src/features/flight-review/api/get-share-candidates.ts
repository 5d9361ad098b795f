import type { TripPerson } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

export const getShareCandidates = (tripId: string, search: string, signal?: AbortSignal) => {
  const params = new URLSearchParams(search ? { search } : {});
  return apiRequest<{ items: TripPerson[] }>(`/api/trips/${encodeURIComponent(tripId)}/share-candidates?${params.toString()}`, { signal });
};

/** People of the flight's organization it can be shared with, searched on the server (any role that may share the flight). */
export const useShareCandidates = (tripId: string, search: string) =>
  useQuery(
    queryOptions({
      queryKey: tripKeys.shareCandidates(tripId, search),
      queryFn: ({ signal }) => getShareCandidates(tripId, search, signal),
      placeholderData: keepPreviousData,
    }),
  );
