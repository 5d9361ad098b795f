import type { MarkerKey } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshAfterMarkerChange } from './refresh-after-marker-change.ts';

export type ManualMarkerInput = { markerID: MarkerKey; timestamp: number; notes: { text: string } };

/** The server fills the position from the track at `timestamp`. */
export const useCreateManualMarker = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tripId: id, ...body }: ManualMarkerInput & { tripId: string }) => api.manualMarkers.create({ params: { id }, body }),
    onSuccess: () => refreshAfterMarkerChange(queryClient, tripId),
  });
};
