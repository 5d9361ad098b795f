import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getTrackQueryOptions = (id: string) => queryOptions({ ...api.trips.track.query({ params: { id } }), staleTime: Infinity });

/** The full track (10,800 points for three hours), with the trip (a trip without a track answers empty columns). */
export const useTrack = (id: string, isEnabled: boolean) => useQuery({ ...getTrackQueryOptions(id), enabled: isEnabled });
