import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Deletes the flight with its files (its owner or an admin: the server's can_delete). */
export const useDeleteTrip = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tripId: string) => api.trips.remove({ params: { id: tripId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: api.trips.list.key() }),
  });
};
