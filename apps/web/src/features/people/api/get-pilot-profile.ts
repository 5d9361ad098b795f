import { messages, type pilotProfileListSchema } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type PilotProfile = z.infer<typeof pilotProfileListSchema>['items'][number];

/** A pilot profile (docs/product.md "Instructors and students"): who the person flies with, counted in the flights the viewer may read. */
export const usePilotProfile = (userId: string) => {
  const input = { query: { user_id: userId } };
  return useQuery(
    queryOptions({
      ...api.pilotProfiles.list.query(input, { failure: messages.fetchPilotProfilesFailed }),
      select: (list): PilotProfile | null => list.items[0] ?? null,
    }),
  );
};
