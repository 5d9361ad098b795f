import type { Aircraft } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { aircraftKeys } from '../../../lib/query-keys.ts';

export type AircraftQuery = { search?: string; page: number; page_size: number; sort: 'tail_number' | 'call_sign' | 'type'; order: 'asc' | 'desc' };

/** The whole fleet in one page (for pickers and filters): a school's fleet fits in it. */
export const wholeFleetQuery: AircraftQuery = { page: 0, page_size: 100, sort: 'tail_number', order: 'asc' };

export const getAircraftList = (query: AircraftQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams({ page: String(query.page), page_size: String(query.page_size), sort: query.sort, order: query.order });
  if (query.search) params.set('search', query.search);
  return apiRequest<{ items: Aircraft[]; total: number }>(`/api/aircraft?${params.toString()}`, { signal });
};

export const useAircraftList = (query: AircraftQuery) =>
  useQuery(queryOptions({ queryKey: aircraftKeys.list(query), queryFn: ({ signal }) => getAircraftList(query, signal), placeholderData: keepPreviousData }));

export const getAircraft = (id: string, signal?: AbortSignal) => apiRequest<Aircraft>(`/api/aircraft/${encodeURIComponent(id)}`, { signal });

export const useAircraft = (id: string) => useQuery(queryOptions({ queryKey: aircraftKeys.detail(id), queryFn: ({ signal }) => getAircraft(id, signal) }));
