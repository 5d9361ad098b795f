import { messages, type SubOrgFlightStats } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { subOrgKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';

/** Each member's flights in the sub-organization and their flight time, in one request. */
export const getSubOrgFlightStats = (id: string, signal?: AbortSignal) =>
  withMessage(apiRequest<SubOrgFlightStats>(`/api/sub-orgs/${encodeURIComponent(id)}/flight-stats`, { signal }), messages.fetchTripsFailed);

export const useSubOrgFlightStats = (id: string) =>
  useQuery(queryOptions({ queryKey: subOrgKeys.flightStats(id), queryFn: ({ signal }) => getSubOrgFlightStats(id, signal) }));
