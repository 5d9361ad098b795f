import { messages } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { withMessage } from '../../../lib/with-message.ts';

export const useOrgs = ({ isEnabled = true }: { isEnabled?: boolean } = {}) =>
  useQuery({
    queryKey: api.orgs.list.key(),
    queryFn: ({ signal }) => withMessage(api.orgs.list(undefined, { signal }), messages.fetchOrgsFailed),
    enabled: isEnabled,
  });
