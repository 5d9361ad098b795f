import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The flight's details the Edit flight form changes (PATCH /api/trips/:id); null empties a field. */
export type TripDetailsInput = {
  trip_name: string;
  aircraft_id: string | null;
  left_seat: string | null;
  right_seat: string | null;
  origin: string | null;
  destination: string | null;
};

export const useUpdateTrip = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tripId: id, ...body }: TripDetailsInput & { tripId: string }) => api.trips.update({ params: { id }, body }),
    onSuccess: async (trip) => {
      queryClient.setQueryData(api.trips.read.key({ params: { id: tripId } }), trip);
      await queryClient.invalidateQueries({ queryKey: api.trips.list.key() });
    },
  });
};
