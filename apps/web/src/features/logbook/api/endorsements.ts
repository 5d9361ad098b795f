import { type OperationInput, type Operations, logbookMessages } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useLogbookMutation } from './logbook-mutation.ts';

export type EndorseBody = OperationInput<Operations['logbook']['endorse']>['body'];
export type EndorsementRequestBody = OperationInput<Operations['logbook']['requestEndorsement']>['body'];

/** A person's endorsements with their expiry, and the ones they asked for. */
export const useEndorsements = (personId: string) =>
  useQuery(api.logbook.endorsements.query({ params: { skylog_id: personId } }, { failure: logbookMessages.fetchLogbookFailed }));

export const useEndorse = () =>
  useLogbookMutation(({ studentId, body }: { studentId: string; body: EndorseBody }) =>
    api.logbook.endorse({ params: { skylog_id: studentId }, body }),
  );

export const useRequestEndorsement = (studentId: string) =>
  useLogbookMutation((body: EndorsementRequestBody) => api.logbook.requestEndorsement({ params: { skylog_id: studentId }, body }));

/** The student withdraws their request, or their instructor declines it. */
export const useCloseRequest = () => useLogbookMutation((id: string) => api.logbook.closeRequest({ params: { id } }));
