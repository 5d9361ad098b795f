import type { alertListSchema } from '@skylog/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { alertKeys } from '../../../lib/query-keys.ts';

export type AlertList = z.infer<typeof alertListSchema>;

export const getAlerts = (signal?: AbortSignal) => apiRequest<AlertList>('/api/alerts', { signal });

export const acknowledgeAlert = (id: string) => apiRequest<void>(`/api/alerts/${encodeURIComponent(id)}/acknowledge`, { method: 'POST', body: {} });

export const useAlerts = () => useQuery(queryOptions({ queryKey: alertKeys.list(), queryFn: ({ signal }) => getAlerts(signal) }));

export const useAcknowledgeAlert = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acknowledgeAlert, onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }) });
};
