import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getSpeakersQueryOptions = (tripId: string) => api.speakers.read.query({ params: { id: tripId } });

/** The names of the transcript's speakers (the review screen asks for them with the trip). */
export const useSpeakers = (tripId: string, isEnabled: boolean) => useQuery({ ...getSpeakersQueryOptions(tripId), enabled: isEnabled });
