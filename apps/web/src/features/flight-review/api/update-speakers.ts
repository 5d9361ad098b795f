import type { SpeakersUpdate } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { analysisKey } from './get-analysis.ts';

/**
 * The list replaces the saved one: a speaker left out is unnamed again. Who is ATC decides which calls are
 * instructions to read back, so the server analyses the flight again: its analysis is read again too.
 */
export const useUpdateSpeakers = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tripId: id, ...body }: SpeakersUpdate & { tripId: string }) => api.speakers.update({ params: { id }, body }),
    onSuccess: async (speakers) => {
      queryClient.setQueryData(api.speakers.read.key({ params: { id: tripId } }), speakers);
      await queryClient.invalidateQueries({ queryKey: analysisKey(tripId), exact: true });
    },
  });
};
