import { messages } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const useOrgs = ({ isEnabled = true }: { isEnabled?: boolean } = {}) =>
  useQuery({
    ...api.orgs.list.query(undefined, { failure: messages.fetchOrgsFailed }),
    enabled: isEnabled,
  });
