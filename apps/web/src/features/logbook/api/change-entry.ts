import type { OperationInput, Operations } from '@skylog/contracts';
import { api } from '../../../lib/api.ts';
import { useEntryMutation, useLogbookMutation } from './logbook-mutation.ts';

export type LogbookEntryCreate = OperationInput<Operations['logbook']['create']>['body'];
export type LogbookEntryUpdate = OperationInput<Operations['logbook']['update']>['body'];

export const useCreateEntry = (personId: string) =>
  useEntryMutation((body: LogbookEntryCreate) => api.logbook.create({ params: { skylog_id: personId }, body }));

/** Only the fields given change (PATCH); `restore_from_track` gives fields back to what the track says. */
export const useUpdateEntry = () =>
  useEntryMutation(({ id, body }: { id: string; body: LogbookEntryUpdate }) => api.logbook.update({ params: { id }, body }));

export const useDeleteEntry = () => useLogbookMutation((id: string) => api.logbook.remove({ params: { id } }));
