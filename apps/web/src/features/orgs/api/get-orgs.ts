import { messages, type Org } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { orgKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';

export const getOrgs = (signal?: AbortSignal) =>
  withMessage(apiRequest<{ items: Org[]; total: number }>('/api/orgs', { signal }), messages.fetchOrgsFailed);

export const getOrgsQueryOptions = () => queryOptions({ queryKey: orgKeys.list(), queryFn: ({ signal }) => getOrgs(signal) });

export const useOrgs = ({ isEnabled = true }: { isEnabled?: boolean } = {}) => useQuery({ ...getOrgsQueryOptions(), enabled: isEnabled });
