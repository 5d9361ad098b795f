import { messages } from '@skylog/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type SubOrgQuery = { search?: string; page?: number; page_size?: number };

export const useSubOrgs = ({ search, page = 0, page_size = 10 }: SubOrgQuery = {}, { isEnabled = true }: { isEnabled?: boolean } = {}) => {
  const input = { query: { page, page_size, search } };
  return useQuery({
    ...api.orgs.listSubOrgs.query(input, { failure: messages.fetchSubOrgsFailed }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
};
