import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { peopleKeys, relationKeys } from '../../../lib/query-keys.ts';

export const deletePerson = (id: string) => apiRequest<void>(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useDeletePerson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: (_result, id) => {
      // The deleted person's own page has nothing left to load: drop it rather than refetch a 404.
      queryClient.removeQueries({ queryKey: peopleKeys.detail(id) });
      return Promise.all([queryClient.invalidateQueries({ queryKey: peopleKeys.all }), queryClient.invalidateQueries({ queryKey: relationKeys.all })]);
    },
  });
};
