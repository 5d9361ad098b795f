import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, groupKey } from '../../../lib/api.ts';

/**
 * A change to a logbook refreshes every logbook read: an entry moves its list's totals, the summary's currency and
 * progress, the signing queue and the flight's entries alike.
 */
export const useLogbookMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey('logbook') }) });
};

/** The one entry as the server now has it, shown at once while the rest of the logbook is read again. */
export const useEntryMutation = <Input, Result extends { id: string }>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (entry) => {
      queryClient.setQueryData(api.logbook.read.key({ params: { id: entry.id } }), entry);
      return queryClient.invalidateQueries({ queryKey: groupKey('logbook') });
    },
  });
};
