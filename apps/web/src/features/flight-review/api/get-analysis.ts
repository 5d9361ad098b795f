import type { TripAnalysis } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** While the analysis is queued or running it is asked for again this often. */
export const analysisPollIntervalMs = 2000;

const isWorking = (analysis: TripAnalysis | undefined) => analysis?.ai_status === 'queued' || analysis?.ai_status === 'running';

/** The flight's analysis is read again by whatever queues a new one on the server (a marker, named speakers, a new transcript). */
export const analysisKey = (tripId: string) => api.analysis.read.key({ params: { id: tripId } });

export const getAnalysisQueryOptions = (tripId: string) =>
  queryOptions({
    ...api.analysis.read.query({ params: { id: tripId } }),
    refetchInterval: (query) => (isWorking(query.state.data) ? analysisPollIntervalMs : false),
  });

/** Phases, teachable moments, readbacks and the drafted notes of a flight. */
export const useAnalysis = (tripId: string) => useQuery(getAnalysisQueryOptions(tripId));
