import type { AircraftCategory } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, groupKey } from '../../../lib/api.ts';

export type AircraftInput = {
  tail_number: string;
  call_sign: string | null;
  type: string | null;
  category: AircraftCategory | null;
  notes: string | null;
};

/** Any change to the fleet refreshes every aircraft read (lists, details, the pickers of other screens). */
const useAircraftMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey('aircraft') }) });
};

export const useCreateAircraft = () => useAircraftMutation((body: AircraftInput) => api.aircraft.create({ body }));
/** Only the fields given change (PATCH). */
export const useUpdateAircraft = () =>
  useAircraftMutation(({ id, ...body }: Partial<AircraftInput> & { id: string }) => api.aircraft.update({ params: { id }, body }));
export const useDeleteAircraft = () => useAircraftMutation((id: string) => api.aircraft.remove({ params: { id } }));
