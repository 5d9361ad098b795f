import { messages, type relationListSchema } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { relationKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';
import { toSearchParams } from '../../../lib/search-params.ts';

export type RelationList = z.infer<typeof relationListSchema>;

export const getRelations = (query: { instructor?: string; student?: string }, signal?: AbortSignal) =>
  withMessage(apiRequest<RelationList>(`/api/student-instructor?${toSearchParams(query)}`, { signal }), messages.fetchUsersFailed);

export const useRelations = (query: { instructor?: string; student?: string }, { isEnabled = true }: { isEnabled?: boolean } = {}) =>
  useQuery({ ...queryOptions({ queryKey: relationKeys.list(query), queryFn: ({ signal }) => getRelations(query, signal) }), enabled: isEnabled });
