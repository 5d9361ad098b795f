import { messages } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { withMessage } from '../../../lib/with-message.ts';

export const useSubOrg = (id: string | null) => {
  const input = { params: { id: id ?? '' } };
  return useQuery({
    queryKey: api.orgs.readSubOrg.key(input),
    queryFn: ({ signal }) => withMessage(api.orgs.readSubOrg(input, { signal }), messages.fetchSubOrgsFailed),
    enabled: Boolean(id),
  });
};
