import { fetchTripsFailedMessage, messages, type tripListQuerySchema } from '@skylog/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

export type TripsQuery = Partial<z.output<typeof tripListQuerySchema>>;

/**
 * Which failure message a list shows: an admin's list `fetchTripsByAdminFailed`, one person's flights
 * `fetchTripsByIdFailed`, otherwise `fetchTripsFailed` with the status text.
 */
export type TripsFailure = 'admin' | 'person' | 'status';

function failureMessage(failure: TripsFailure, statusText: string): string {
  if (failure === 'admin') return messages.fetchTripsByAdminFailed;
  if (failure === 'person') return messages.fetchTripsByIdFailed;
  return fetchTripsFailedMessage(statusText);
}

/** Ten trips a page with the exact total. */
export async function getTrips(query: TripsQuery, failure: TripsFailure, signal?: AbortSignal) {
  try {
    return await api.trips.list({ query }, { signal });
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError({ ...error.body, message: failureMessage(failure, error.body.message) });
    throw error;
  }
}

/** The list's key comes from the operation table; only the failure's words are this list's own. */
export const useTrips = (query: TripsQuery, failure: TripsFailure = 'status') =>
  useQuery({
    ...api.trips.list.query({ query }),
    queryFn: ({ signal }) => getTrips(query, failure, signal),
    placeholderData: keepPreviousData,
  });
