import type { QueryClient } from '@tanstack/react-query';
import { getAnalysisQueryOptions } from './get-analysis.ts';
import { clientConfigQueryOptions } from '../../../lib/client-config.ts';
import { markerCategoriesQueryOptions } from './get-marker-categories.ts';
import { getSpeakersQueryOptions } from './get-speakers.ts';
import { getTrackQueryOptions } from './get-track.ts';
import { getTranscriptQueryOptions } from './get-transcript.ts';
import { getTripQueryOptions } from './get-trip.ts';

/**
 * Everything the flight screen reads, asked for as navigation starts (the route's loader), while the
 * screen's code is still loading: the trip, its track and transcript first, the rest behind them.
 */
export function prefetchFlight(queryClient: QueryClient, tripId: string): void {
  void queryClient.prefetchQuery(getTripQueryOptions(tripId));
  void queryClient.prefetchQuery(getTrackQueryOptions(tripId));
  void queryClient.prefetchQuery(getTranscriptQueryOptions(tripId));
  void queryClient.prefetchQuery(markerCategoriesQueryOptions());
  void queryClient.prefetchQuery(clientConfigQueryOptions());
  void queryClient.prefetchQuery(getSpeakersQueryOptions(tripId));
  void queryClient.prefetchQuery(getAnalysisQueryOptions(tripId));
}
