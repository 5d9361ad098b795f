import type { TranscriptState } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

export const generateTranscript = (tripId: string) =>
  apiRequest<TranscriptState>(`/api/trips/${encodeURIComponent(tripId)}/transcription`, { method: 'POST' });

/** Queues the transcript; the trip is asked for again, and polled while transcript_in_progress is true. */
export const useGenerateTranscript = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateTranscript(tripId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tripKeys.detail(tripId), exact: true }),
  });
};
