import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, groupKey } from '../../../lib/api.ts';

export const useDeletePerson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.people.remove({ params: { skylog_id: id } }),
    onSuccess: (_result, id) => {
      // The deleted person's own page has nothing left to load: drop it rather than refetch a 404.
      queryClient.removeQueries({ queryKey: api.people.read.key({ params: { skylog_id: id } }) });
      return Promise.all([queryClient.invalidateQueries({ queryKey: groupKey('people') }), queryClient.invalidateQueries({ queryKey: groupKey('relations') })]);
    },
  });
};
