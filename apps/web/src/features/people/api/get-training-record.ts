import { messages } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type TrainingRecordQuery = { timezone: string; from?: string | undefined; to?: string | undefined };

/** A person's training record, asked again whenever it is shown (every flight moves it). */
export const useTrainingRecord = (personId: string, query: TrainingRecordQuery) => {
  const input = { params: { skylog_id: personId }, query };
  return useQuery(
    queryOptions({
      ...api.training.record.query(input, { failure: messages.fetchTrainingRecordFailed }),
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
      ...api.training.studentsTraining.query(input, { failure: messages.fetchTrainingRecordFailed }),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
};
