import type { TripDetail } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

/** The flight's details the Edit flight form changes (PATCH /api/trips/:id); null empties a field. */
export type TripDetailsInput = {
  trip_name: string;
  aircraft_id: string | null;
  left_seat: string | null;
  right_seat: string | null;
  origin: string | null;
  destination: string | null;
};

export const updateTrip = ({ tripId, ...input }: TripDetailsInput & { tripId: string }) =>
  apiRequest<TripDetail>(`/api/trips/${encodeURIComponent(tripId)}`, { method: 'PATCH', body: input });

export const useUpdateTrip = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrip,
    onSuccess: async (trip) => {
      queryClient.setQueryData(tripKeys.detail(tripId), trip);
      await queryClient.invalidateQueries({ queryKey: tripKeys.lists() });
    },
  });
};
