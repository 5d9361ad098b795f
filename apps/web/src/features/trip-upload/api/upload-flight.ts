import type { OperationInput, Operations, TrackImportResult, TripDetail } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { uploadRequest } from '../../../lib/upload-request.ts';

/** Recent flights the person can add a file to; not asked for by those who may not read flights. */
export const useRecentTrips = (isEnabled: boolean) =>
  useQuery({ ...api.trips.list.query({ query: { page: 0, page_size: 50, sort: 'begin_time', order: 'desc' } }), enabled: isEnabled });

/** The crew of a new flight: ids, '' for an empty seat; undefined leaves the server's usual seat. */
export type Crew = { leftSeat?: string | undefined; rightSeat?: string | undefined };

export type TrackTarget = { tripId: string } | ({ tripName: string; aircraftId: string } & Crew);

/** What the import is told besides the file, as the operation table declares it. */
type TrackImportQuery = OperationInput<Operations['trips']['importTrack']>['query'];

/** When a track without times was flown (ISO 8601): take-off, and landing or the flight's audio's length after it. */
export type TrackTimes = { takeoffTime: string; landingTime: string | undefined; isLandingFromAudio: boolean };

/**
 * Sends a track file; the server parses and checks it and creates the trip (or replaces the track). A file
 * without times is refused with track_untimed until `times` says when it was flown.
 */
export function importTrack(
  file: File,
  target: TrackTarget,
  onProgress: (fraction: number) => void,
  times?: TrackTimes,
): Promise<TrackImportResult> {
  const query: TrackImportQuery = {
    filename: file.name,
    ...('tripId' in target
      ? { trip_id: target.tripId }
      : { trip_name: target.tripName || undefined, aircraft_id: target.aircraftId || undefined, left_seat: target.leftSeat, right_seat: target.rightSeat }),
    ...(times ? { takeoff_time: times.takeoffTime, landing_time: times.landingTime, landing_from_audio: times.isLandingFromAudio ? 'true' : undefined } : {}),
  };
  // Sent with upload progress, which the fetch client cannot report. An empty seat is sent as '' (the query's
  // null), which the client's query strings leave out.
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  return uploadRequest<TrackImportResult>(`/api/trips/import?${params.toString()}`, {
    method: 'POST',
    body: file,
    headers: { 'content-type': 'application/octet-stream' },
    onProgress: (sent) => onProgress(file.size ? sent / file.size : 1),
  });
}

export function createEmptyTrip(input: { tripName: string; aircraftId: string; beginTime: string } & Crew): Promise<TripDetail> {
  const seat = (value: string | undefined) => (value === undefined ? undefined : value || null);
  return api.trips.create({
    body: {
      trip_name: input.tripName,
      aircraft_id: input.aircraftId || null,
      left_seat: seat(input.leftSeat),
      right_seat: seat(input.rightSeat),
      begin_time: new Date(input.beginTime).toISOString(),
    },
  });
}
