import type { Aircraft, AircraftCategory } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { aircraftKeys } from '../../../lib/query-keys.ts';

export type AircraftInput = {
  tail_number: string;
  call_sign: string | null;
  type: string | null;
  category: AircraftCategory | null;
  notes: string | null;
};

export const createAircraft = (input: AircraftInput) => apiRequest<Aircraft>('/api/aircraft', { method: 'POST', body: input });
/** Only the fields given change (PATCH). */
export const updateAircraft = ({ id, ...input }: Partial<AircraftInput> & { id: string }) =>
  apiRequest<Aircraft>(`/api/aircraft/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
export const deleteAircraft = (id: string) => apiRequest<void>(`/api/aircraft/${encodeURIComponent(id)}`, { method: 'DELETE' });

const useAircraftMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: aircraftKeys.all }) });
};

export const useCreateAircraft = () => useAircraftMutation(createAircraft);
export const useUpdateAircraft = () => useAircraftMutation(updateAircraft);
export const useDeleteAircraft = () => useAircraftMutation(deleteAircraft);
