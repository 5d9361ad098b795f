import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type DebriefInput = { trip_well: string | null; trip_improve: string | null };

export const useUpdateDebrief = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DebriefInput) => api.trips.update({ params: { id: tripId }, body }),
    onSuccess: (trip) => queryClient.setQueryData(api.trips.read.key({ params: { id: tripId } }), trip),
  });
};
