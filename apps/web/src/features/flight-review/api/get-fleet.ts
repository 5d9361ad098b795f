import type { Aircraft } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { aircraftKeys } from '../../../lib/query-keys.ts';

/** The whole fleet in one page, asked as the aircraft screens ask for it (so they share the answer). */
const wholeFleet = { page: 0, page_size: 100, sort: 'tail_number', order: 'asc' } as const;

export const getFleet = (signal?: AbortSignal) => {
  const params = new URLSearchParams(Object.entries(wholeFleet).map(([key, value]) => [key, String(value)]));
  return apiRequest<{ items: Aircraft[]; total: number }>(`/api/aircraft?${params.toString()}`, { signal });
};

/** The aircraft a flight can be set to, for the Edit flight form. */
export const useFleet = (isEnabled: boolean) =>
  useQuery(queryOptions({ queryKey: aircraftKeys.list(wholeFleet), queryFn: ({ signal }) => getFleet(signal), enabled: isEnabled }));
