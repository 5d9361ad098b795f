import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

/** Deletes the flight with its files (its owner or an admin: the server's can_delete). */
export const deleteTrip = (tripId: string) => apiRequest<void>(`/api/trips/${encodeURIComponent(tripId)}`, { method: 'DELETE' });

export const useDeleteTrip = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTrip, onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.lists() }) });
};
