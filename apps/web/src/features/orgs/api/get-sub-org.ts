import { messages } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const useSubOrg = (id: string | null) => {
  const input = { params: { id: id ?? '' } };
  return useQuery({
    ...api.orgs.readSubOrg.query(input, { failure: messages.fetchSubOrgsFailed }),
    enabled: Boolean(id),
  });
};
