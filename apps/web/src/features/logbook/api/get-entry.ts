import { logbookMessages } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** One entry with what its track filled, its signature and whether the signature still holds. */
export const useLogbookEntry = (id: string) =>
  useQuery(api.logbook.read.query({ params: { id } }, { failure: logbookMessages.fetchLogbookFailed }));

/** A flight's entries, one per pilot aboard (the server makes a missing one from the flight). */
export const useTripLogbookEntries = (tripId: string) =>
  useQuery(api.logbook.forTrip.query({ params: { id: tripId } }, { failure: logbookMessages.fetchLogbookFailed }));
