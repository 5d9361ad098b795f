import { messages } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Each member's flights in the sub-organization and their flight time, in one request. */
export const useSubOrgFlightStats = (id: string) => {
  const input = { params: { id } };
  return useQuery({
    ...api.orgs.subOrgFlightStats.query(input, { failure: messages.fetchTripsFailed }),
  });
};
