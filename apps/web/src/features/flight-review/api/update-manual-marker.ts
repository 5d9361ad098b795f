import type { ManualMarker } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

export type ManualMarkerChanges = { markerID?: number; timestamp?: number; notes?: { text: string } };

export const updateManualMarker = ({ id, ...changes }: ManualMarkerChanges & { id: string }) =>
  apiRequest<ManualMarker>(`/api/manual-markers/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });

export const useUpdateManualMarker = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateManualMarker,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.detail(tripId), exact: true }),
  });
};
