import { logbookMessages } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The instructor's students' entries awaiting a signature and the endorsements asked of them. */
export const useSigningQueue = () => useQuery(api.logbook.signingQueue.query(undefined, { failure: logbookMessages.fetchLogbookFailed }));

/** An instructor's students with the day each currency and the solo endorsement lapses. */
export const useStudentsCurrency = (instructorId: string) =>
  useQuery(api.logbook.studentsCurrency.query({ params: { skylog_id: instructorId } }, { failure: logbookMessages.fetchLogbookFailed }));
