import type { QueryClient } from '@tanstack/react-query';
import { analysisKey } from './get-analysis.ts';
import { getTripQueryOptions } from './get-trip.ts';

/**
 * A marker saved is part of the trip (its markers), and the server analyses the flight again with it: both
 * are read again. Only the trip itself: what else is read about it did not change.
 */
export const refreshAfterMarkerChange = (queryClient: QueryClient, tripId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: getTripQueryOptions(tripId).queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: analysisKey(tripId), exact: true }),
  ]);
