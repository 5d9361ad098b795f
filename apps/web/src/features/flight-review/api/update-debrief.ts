import type { TripDetail } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

export type DebriefInput = { trip_well: string | null; trip_improve: string | null };

export const updateDebrief = ({ tripId, ...input }: DebriefInput & { tripId: string }) =>
  apiRequest<TripDetail>(`/api/trips/${encodeURIComponent(tripId)}`, { method: 'PATCH', body: input });

export const useUpdateDebrief = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDebrief, onSuccess: (trip) => queryClient.setQueryData(tripKeys.detail(tripId), trip) });
};
