import type { TripTranscript } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

export const getTranscript = (id: string, signal?: AbortSignal) =>
  apiRequest<TripTranscript>(`/api/trips/${encodeURIComponent(id)}/transcript`, { signal });

/**
 * Asked for apart from the trip (its largest part) and, like the trip, again when the screen opens once
 * it is older than the app's staleTime (another tab or person may have transcribed the flight meanwhile).
 * Asking again revalidates the browser's copy (ETag): an unchanged transcript comes back as an empty 304.
 */
export const getTranscriptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tripKeys.transcript(id),
    queryFn: ({ signal }) => getTranscript(id, signal).then((answer) => answer.transcript_json),
  });

export const useTranscript = (id: string) => useQuery(getTranscriptQueryOptions(id));
