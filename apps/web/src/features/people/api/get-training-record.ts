import { messages } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { withMessage } from '../../../lib/with-message.ts';

export type TrainingRecordQuery = { timezone: string; from?: string | undefined; to?: string | undefined };

/** A person's training record, asked again whenever it is shown (every flight moves it). */
export const useTrainingRecord = (personId: string, query: TrainingRecordQuery) => {
  const input = { params: { skylog_id: personId }, query };
  return useQuery(
    queryOptions({
      queryKey: api.training.record.key(input),
      queryFn: ({ signal }) => withMessage(api.training.record(input, { signal }), messages.fetchTrainingRecordFailed),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
};

/** An instructor's linked students, each with their record's figures. */
export const useStudentsTraining = (instructorId: string, query: TrainingRecordQuery) => {
  const input = { params: { skylog_id: instructorId }, query };
  return useQuery(
    queryOptions({
      queryKey: api.training.studentsTraining.key(input),
      queryFn: ({ signal }) => withMessage(api.training.studentsTraining(input, { signal }), messages.fetchTrainingRecordFailed),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
};
