import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The flight's transcript is read again when a transcription of it ends. */
export const transcriptKey = (id: string) => api.transcription.readTranscript.key({ params: { id } });

/**
 * Asked for apart from the trip (its largest part) and, like the trip, again when the screen opens once
 * it is older than the app's staleTime (another tab or person may have transcribed the flight meanwhile).
 * Asking again revalidates the browser's copy (ETag): an unchanged transcript comes back as an empty 304.
 */
export const getTranscriptQueryOptions = (id: string) => api.transcription.readTranscript.query({ params: { id } });

export const useTranscript = (id: string) => useQuery({ ...getTranscriptQueryOptions(id), select: (answer) => answer.transcript_json });
