import type { ManualMarker } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

export type ManualMarkerInput = { markerID: number; timestamp: number; notes: { text: string } };

/** The server fills the position from the track at `timestamp`. */
export const createManualMarker = ({ tripId, ...input }: ManualMarkerInput & { tripId: string }) =>
  apiRequest<ManualMarker>(`/api/trips/${encodeURIComponent(tripId)}/manual-markers`, { method: 'POST', body: input });

export const useCreateManualMarker = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualMarker,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.detail(tripId), exact: true }),
  });
};
