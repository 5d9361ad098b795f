import type { Speakers, SpeakersUpdate } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

/** The list replaces the saved one: a speaker left out is unnamed again. */
export const updateSpeakers = ({ tripId, ...input }: SpeakersUpdate & { tripId: string }) =>
  apiRequest<Speakers>(`/api/trips/${encodeURIComponent(tripId)}/speakers`, { method: 'PUT', body: input });

export const useUpdateSpeakers = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSpeakers,
    onSuccess: (speakers) => queryClient.setQueryData(tripKeys.speakers(tripId), speakers),
  });
};
