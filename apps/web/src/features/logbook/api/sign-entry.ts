import type { OperationInput, Operations } from '@skylog/contracts';
import { api } from '../../../lib/api.ts';
import { useEntryMutation } from './logbook-mutation.ts';

export type SignBody = OperationInput<Operations['logbook']['sign']>['body'];

/** The instructor's signature (AC 120-78): the entry comes back signed, and leaves the signing queue. */
export const useSignEntry = () =>
  useEntryMutation(({ id, body }: { id: string; body: SignBody }) => api.logbook.sign({ params: { id }, body }));
