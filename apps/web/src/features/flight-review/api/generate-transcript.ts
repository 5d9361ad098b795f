import type { TranscriptState } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';

export const generateTranscript = (tripId: string) =>
  apiRequest<TranscriptState>(`/api/trips/${encodeURIComponent(tripId)}/transcription`, { method: 'POST' });

/**
 * Queues the transcript; the trip is asked for again, and polled while transcript_in_progress is true
 * (the screen asks for the transcript when that ends). A job quick enough to have ended before the
 * trip came back is caught by asking for the transcript after the trip.
 */
export const useGenerateTranscript = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateTranscript(tripId),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tripKeys.detail(tripId), exact: true });
      await queryClient.invalidateQueries({ queryKey: tripKeys.transcript(tripId), exact: true });
    },
  });
};
