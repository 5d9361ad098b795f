import { fetchTripsFailedMessage, messages, type TripSummary, type tripListQuerySchema } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, ApiError } from '../../../lib/api-client.ts';
import { toSearchParams } from '../../../lib/search-params.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

export type TripsQuery = Partial<z.output<typeof tripListQuerySchema>>;
export type TripList = { items: TripSummary[]; total: number; total_duration_ms: number | null };

/**
 * Which of the spec's failure texts a list shows: an admin's list 'Failed to fetch trips by admin',
 * one person's flights 'Failed to fetch trips by Skylog ID', otherwise 'Failed to fetch trips: {status text}'.
 */
export type TripsFailure = 'admin' | 'person' | 'status';

function failureMessage(failure: TripsFailure, statusText: string): string {
  if (failure === 'admin') return messages.fetchTripsByAdminFailed;
  if (failure === 'person') return messages.fetchTripsByIdFailed;
  return fetchTripsFailedMessage(statusText);
}

/** Ten trips a page with the exact total. */
export async function getTrips(query: TripsQuery, failure: TripsFailure, signal?: AbortSignal): Promise<TripList> {
  try {
    return await apiRequest<TripList>(`/api/trips?${toSearchParams(query)}`, { signal });
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError({ ...error.body, message: failureMessage(failure, error.body.message) });
    throw error;
  }
}

export const useTrips = (query: TripsQuery, failure: TripsFailure = 'status') =>
  useQuery(
    queryOptions({
      queryKey: tripKeys.list(query),
      queryFn: ({ signal }) => getTrips(query, failure, signal),
      placeholderData: keepPreviousData,
    }),
  );
