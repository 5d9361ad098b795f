import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const useAlerts = () => useQuery(api.audit.listAlerts.query({ query: {} }));

/** An acknowledged alert shows as seen: the alerts are read again. */
export const useAcknowledgeAlert = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.audit.acknowledgeAlert({ params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: api.audit.listAlerts.key({ query: {} }) }),
  });
};
