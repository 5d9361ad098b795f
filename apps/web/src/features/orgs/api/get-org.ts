import { messages } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { withMessage } from '../../../lib/with-message.ts';

export const useOrg = (id: string | null) => {
  const input = { params: { id: id ?? '' } };
  return useQuery({
    queryKey: api.orgs.read.key(input),
    queryFn: ({ signal }) => withMessage(api.orgs.read(input, { signal }), messages.fetchOrgsFailed),
    enabled: Boolean(id),
  });
};
