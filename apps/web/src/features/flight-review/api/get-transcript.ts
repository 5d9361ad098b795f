import type { TripTranscript } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

export const getTranscript = (id: string, signal?: AbortSignal) =>
  apiRequest<TripTranscript>(`/api/trips/${encodeURIComponent(id)}/transcript`, { signal });

/**
 * Asked for apart from the trip (its largest part) and kept until a transcription ends; asking
 * again revalidates with the browser's copy (ETag), so an unchanged transcript is not sent twice.
 */
export const getTranscriptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tripKeys.transcript(id),
    queryFn: ({ signal }) => getTranscript(id, signal).then((answer) => answer.transcript_json),
    staleTime: Infinity,
  });

export const useTranscript = (id: string) => useQuery(getTranscriptQueryOptions(id));
