import { messages, type TrainingRecord } from '@skylog/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { peopleKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';

export type TrainingRecordQuery = { timezone: string; from?: string | undefined; to?: string | undefined };

export const getTrainingRecord = (personId: string, query: TrainingRecordQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return withMessage(
    apiRequest<TrainingRecord>(`/api/users/${encodeURIComponent(personId)}/training-record?${params.toString()}`, { signal }),
    messages.fetchTrainingRecordFailed,
  );
};

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
