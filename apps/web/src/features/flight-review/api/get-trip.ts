import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** While the audio is being processed or transcribed, the trip is asked for again this often until it is ready. */
export const audioPollIntervalMs = 3000;

export const getTripQueryOptions = (id: string) =>
  queryOptions({
    ...api.trips.read.query({ params: { id } }),
    refetchInterval: (query) =>
      query.state.data?.audio.status === 'processing' || query.state.data?.transcript_in_progress ? audioPollIntervalMs : false,
  });

export const useTrip = (id: string) => useQuery(getTripQueryOptions(id));
