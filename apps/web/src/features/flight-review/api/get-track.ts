import type { TrackColumns } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

export const getTrack = (id: string, signal?: AbortSignal) =>
  apiRequest<TrackColumns>(`/api/trips/${encodeURIComponent(id)}/track`, { signal });

export const getTrackQueryOptions = (id: string) =>
  queryOptions({ queryKey: tripKeys.track(id), queryFn: ({ signal }) => getTrack(id, signal), staleTime: Infinity });

/** The full track (10,800 points for three hours), with the trip (a trip without a track answers empty columns). */
export const useTrack = (id: string, isEnabled: boolean) => useQuery({ ...getTrackQueryOptions(id), enabled: isEnabled });
