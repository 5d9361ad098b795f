import type { MarkerKey } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshAfterMarkerChange } from './refresh-after-marker-change.ts';

export type ManualMarkerChanges = { markerID?: MarkerKey; timestamp?: number; notes?: { text: string } };

export const useUpdateManualMarker = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ManualMarkerChanges & { id: string }) => api.manualMarkers.update({ params: { id }, body }),
    onSuccess: () => refreshAfterMarkerChange(queryClient, tripId),
  });
};
