import type { TripAnalysis } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

/** While the analysis is queued or running it is asked for again this often. */
export const analysisPollIntervalMs = 2000;

export const getAnalysis = (tripId: string, signal?: AbortSignal) =>
  apiRequest<TripAnalysis>(`/api/trips/${encodeURIComponent(tripId)}/analysis`, { signal });

const isWorking = (analysis: TripAnalysis | undefined) => analysis?.ai_status === 'queued' || analysis?.ai_status === 'running';

export const getAnalysisQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: tripKeys.analysis(tripId),
    queryFn: ({ signal }) => getAnalysis(tripId, signal),
    refetchInterval: (query) => (isWorking(query.state.data) ? analysisPollIntervalMs : false),
  });

/** Phases, teachable moments, readbacks and the drafted notes of a flight. */
export const useAnalysis = (tripId: string) => useQuery(getAnalysisQueryOptions(tripId));
