import { messages, type pilotProfileListSchema } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { pilotProfileKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';

export type PilotProfile = z.infer<typeof pilotProfileListSchema>['items'][number];

export const getPilotProfile = (userId: string, signal?: AbortSignal) =>
  withMessage(
    apiRequest<z.infer<typeof pilotProfileListSchema>>(`/api/pilot_profiles?user_id=${encodeURIComponent(userId)}`, { signal }).then(
      (list) => list.items[0] ?? null,
    ),
    messages.fetchPilotProfilesFailed,
  );

/** docs/product-spec.md §3 Pilot profile: who the person flies with, counted in the flights the viewer may read. */
export const usePilotProfile = (userId: string) =>
  useQuery(queryOptions({ queryKey: pilotProfileKeys.byUser(userId), queryFn: ({ signal }) => getPilotProfile(userId, signal) }));
