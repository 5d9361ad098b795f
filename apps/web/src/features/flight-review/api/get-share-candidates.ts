import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** People of the flight's organization it can be shared with, searched on the server (any role that may share the flight). */
export const useShareCandidates = (tripId: string, search: string) =>
  useQuery({ ...api.trips.shareCandidates.query({ params: { id: tripId }, query: { search } }), placeholderData: keepPreviousData });
