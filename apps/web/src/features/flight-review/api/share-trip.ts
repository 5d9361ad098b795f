import type { TripDetail } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

/** Replaces the whole list of people the trip is shared with. */
export const shareTrip = ({ tripId, sharedWith }: { tripId: string; sharedWith: string[] }) =>
  apiRequest<TripDetail>(`/api/trips/${encodeURIComponent(tripId)}/shared-with`, { method: 'PUT', body: { shared_with: sharedWith } });

export const useShareTrip = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: shareTrip, onSuccess: (trip) => queryClient.setQueryData(tripKeys.detail(tripId), trip) });
};
