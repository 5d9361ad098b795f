import { messages } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const useOrg = (id: string | null) => {
  const input = { params: { id: id ?? '' } };
  return useQuery({
    ...api.orgs.read.query(input, { failure: messages.fetchOrgsFailed }),
    enabled: Boolean(id),
  });
};
