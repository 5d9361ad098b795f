import { fetchTripsFailedMessage, type TripSummary, type tripListQuerySchema } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, ApiError } from '../../../lib/api-client.ts';

export type TripsQuery = Partial<z.output<typeof tripListQuerySchema>>;
export type TripList = { items: TripSummary[]; total: number; total_duration_ms: number | null };

function toSearchParams(query: TripsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** Ten trips a page with the exact total; failures read 'Failed to fetch trips: {status text}'. */
export async function getTrips(query: TripsQuery, signal?: AbortSignal): Promise<TripList> {
  try {
    return await apiRequest<TripList>(`/api/trips?${toSearchParams(query)}`, { signal });
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError({ ...error.body, message: fetchTripsFailedMessage(error.body.message) });
    throw error;
  }
}

export const useTrips = (query: TripsQuery) =>
  useQuery(queryOptions({ queryKey: ['trips', 'list', query], queryFn: ({ signal }) => getTrips(query, signal), placeholderData: keepPreviousData }));
