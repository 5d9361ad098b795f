import type { audioPeaksSchema } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

export type AudioPeaks = z.infer<typeof audioPeaksSchema>;

export const getAudioPeaks = (id: string, signal?: AbortSignal) =>
  apiRequest<AudioPeaks>(`/api/trips/${encodeURIComponent(id)}/audio/peaks`, { signal });

export const useAudioPeaks = (id: string, isEnabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: tripKeys.audioPeaks(id),
      queryFn: ({ signal }) => getAudioPeaks(id, signal),
      enabled: isEnabled,
      staleTime: Infinity,
    }),
  );
