import type { TrackColumns } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getTrack = (id: string, signal?: AbortSignal) =>
  apiRequest<TrackColumns>(`/api/trips/${encodeURIComponent(id)}/track`, { signal });

/** The full track (10,800 points for three hours): asked for once the trip itself has arrived. */
export const useTrack = (id: string, isEnabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: ['trips', id, 'track'],
      queryFn: ({ signal }) => getTrack(id, signal),
      enabled: isEnabled,
      staleTime: Infinity,
    }),
  );
