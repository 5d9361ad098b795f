import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Replaces the whole list of people the trip is shared with. */
export const useShareTrip = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tripId: id, sharedWith }: { tripId: string; sharedWith: string[] }) =>
      api.trips.share({ params: { id }, body: { shared_with: sharedWith } }),
    onSuccess: (trip) => queryClient.setQueryData(api.trips.read.key({ params: { id: tripId } }), trip),
  });
};
