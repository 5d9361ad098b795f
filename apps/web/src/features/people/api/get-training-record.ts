import { messages, type StudentsTraining, type TrainingRecord } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { peopleKeys } from '../../../lib/query-keys.ts';
import { toSearchParams } from '../../../lib/search-params.ts';
import { withMessage } from '../../../lib/with-message.ts';

export type TrainingRecordQuery = { timezone: string; from?: string | undefined; to?: string | undefined };

export const getTrainingRecord = (personId: string, query: TrainingRecordQuery, signal?: AbortSignal) =>
  withMessage(
    apiRequest<TrainingRecord>(`/api/users/${encodeURIComponent(personId)}/training-record?${toSearchParams(query)}`, { signal }),
    messages.fetchTrainingRecordFailed,
  );

/** An instructor's linked students, each with their record's figures. */
export const getStudentsTraining = (instructorId: string, query: TrainingRecordQuery, signal?: AbortSignal) =>
  withMessage(
    apiRequest<StudentsTraining>(`/api/users/${encodeURIComponent(instructorId)}/students-training?${toSearchParams(query)}`, { signal }),
    messages.fetchTrainingRecordFailed,
  );

/** A person's training record, asked again whenever it is shown (every flight moves it). */
export const useTrainingRecord = (personId: string, query: TrainingRecordQuery) =>
  useQuery(
    queryOptions({
      queryKey: peopleKeys.trainingRecord(personId, query),
      queryFn: ({ signal }) => getTrainingRecord(personId, query, signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );

export const useStudentsTraining = (instructorId: string, query: TrainingRecordQuery) =>
  useQuery(
    queryOptions({
      queryKey: peopleKeys.studentsTraining(instructorId, query),
      queryFn: ({ signal }) => getStudentsTraining(instructorId, query, signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
