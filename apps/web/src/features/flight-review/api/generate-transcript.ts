import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { transcriptKey } from './get-transcript.ts';
import { getTripQueryOptions } from './get-trip.ts';

/**
 * Queues the transcript; the trip is asked for again, and polled while transcript_in_progress is true
 * (the screen asks for the transcript when that ends). A job quick enough to have ended before the
 * trip came back is caught by asking for the transcript after the trip.
 */
export const useGenerateTranscript = (tripId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.transcription.generate({ params: { id: tripId } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: getTripQueryOptions(tripId).queryKey, exact: true });
      await queryClient.invalidateQueries({ queryKey: transcriptKey(tripId), exact: true });
    },
  });
};
