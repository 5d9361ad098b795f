import { messages } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

type RelationsQuery = { instructor?: string; student?: string };

export const useRelations = (query: RelationsQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) =>
  useQuery(
    queryOptions({
      ...api.relations.list.query({ query }, { failure: messages.fetchUsersFailed }),
      enabled: isEnabled,
    }),
  );
