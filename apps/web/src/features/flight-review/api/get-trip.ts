import type { TripDetail } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

/** While the audio is being processed or transcribed, the trip is asked for again this often until it is ready. */
export const audioPollIntervalMs = 3000;

export const getTrip = (id: string, signal?: AbortSignal) => apiRequest<TripDetail>(`/api/trips/${encodeURIComponent(id)}`, { signal });

export const getTripQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tripKeys.detail(id),
    queryFn: ({ signal }) => getTrip(id, signal),
    refetchInterval: (query) =>
      query.state.data?.audio.status === 'processing' || query.state.data?.transcript_in_progress ? audioPollIntervalMs : false,
  });

export const useTrip = (id: string) => useQuery(getTripQueryOptions(id));
