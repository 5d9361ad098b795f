import type { Speakers } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

export const getSpeakers = (tripId: string, signal?: AbortSignal) =>
  apiRequest<Speakers>(`/api/trips/${encodeURIComponent(tripId)}/speakers`, { signal });

export const getSpeakersQueryOptions = (tripId: string) =>
  queryOptions({ queryKey: tripKeys.speakers(tripId), queryFn: ({ signal }) => getSpeakers(tripId, signal) });

/** The names of the transcript's speakers (the review screen asks for them with the trip). */
export const useSpeakers = (tripId: string, isEnabled: boolean) => useQuery({ ...getSpeakersQueryOptions(tripId), enabled: isEnabled });
