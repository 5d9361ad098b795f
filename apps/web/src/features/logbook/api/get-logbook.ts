import { type OperationInput, type Operations, logbookMessages } from '@skylog/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type LogbookListQuery = OperationInput<Operations['logbook']['list']>['query'];

/** A page of a person's logbook with the page's totals, the amount forwarded and the total to date. */
export const useLogbook = (personId: string, query: LogbookListQuery) =>
  useQuery({
    ...api.logbook.list.query({ params: { skylog_id: personId }, query }, { failure: logbookMessages.fetchLogbookFailed }),
    placeholderData: keepPreviousData,
  });

/** Totals, currency with the day each lapses, the solo endorsement and progress toward the certificate. */
export const useLogbookSummary = (personId: string) =>
  useQuery(api.logbook.summary.query({ params: { skylog_id: personId }, query: {} }, { failure: logbookMessages.fetchLogbookFailed }));

/** The check of every signature and of the chain over them, made anew each time it is shown (never from the cache alone). */
export const useLogbookVerification = (personId: string) =>
  useQuery({ ...api.logbook.verify.query({ params: { skylog_id: personId } }), staleTime: 0 });
