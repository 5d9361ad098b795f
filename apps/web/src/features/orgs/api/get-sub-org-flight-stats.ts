import { messages } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { withMessage } from '../../../lib/with-message.ts';

/** Each member's flights in the sub-organization and their flight time, in one request. */
export const useSubOrgFlightStats = (id: string) => {
  const input = { params: { id } };
  return useQuery({
    queryKey: api.orgs.subOrgFlightStats.key(input),
    queryFn: ({ signal }) => withMessage(api.orgs.subOrgFlightStats(input, { signal }), messages.fetchTripsFailed),
  });
};
