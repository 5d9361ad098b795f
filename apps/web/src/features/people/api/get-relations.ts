import { messages } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { withMessage } from '../../../lib/with-message.ts';

type RelationsQuery = { instructor?: string; student?: string };

export const useRelations = (query: RelationsQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) =>
  useQuery(
    queryOptions({
      queryKey: api.relations.list.key({ query }),
      queryFn: ({ signal }) => withMessage(api.relations.list({ query }, { signal }), messages.fetchUsersFailed),
      enabled: isEnabled,
    }),
  );
