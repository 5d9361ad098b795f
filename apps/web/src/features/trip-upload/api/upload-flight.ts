import { apiErrorSchema, limits, messages, type OperationInput, type Operations, type TrackImportResult, type TripDetail } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { Upload, type DetailedError } from 'tus-js-client';
import { ApiError } from '../../../lib/api-client.ts';
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

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failed tus request as the API's error (the server's message); without an answer, the connection's. */
function uploadErrorOf(error: Error | DetailedError): ApiError {
  const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
  let data: unknown;
  try {
    data = body ? JSON.parse(body) : undefined;
  } catch {
    data = undefined;
  }
  const parsed = apiErrorSchema.safeParse(data);
  return new ApiError(parsed.success ? parsed.data : { status: 0, code: 'internal_error', message: messages.uploadConnectionLost });
}

/**
 * The cockpit audio over the tus 1.0 protocol (docs/recorder-api.md) with tus-js-client: 8 MB pieces with progress;
 * a broken connection is retried from the offset the server has (five times, waiting longer each time); an upload
 * cut short (a closed tab, a lost connection) resumes where it stopped when the same file is sent to the same flight
 * again: the library keeps the upload's URL in localStorage until it is complete. Answers the upload's URL.
 */
export function uploadAudio(tripId: string, file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: new URL(`/api/trips/${encodeURIComponent(tripId)}/audio/tus`, window.location.origin).href,
      metadata: file.type ? { filename: file.name, filetype: file.type } : { filename: file.name },
      chunkSize: limits.uploadChunkBytes,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress(total ? sent / total : 1),
      onSuccess: () => resolve(new URL(upload.url!).pathname),
      onError: (error) => reject(uploadErrorOf(error)),
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}

/** Waits for the audio job (GET on the upload's URL): resolves when processed, throws the server's message when it failed. */
export async function waitForProcessing(tripId: string, uploadUrl: string): Promise<void> {
  const uploadId = uploadUrl.slice(uploadUrl.lastIndexOf('/') + 1);
  for (;;) {
    const state = await api.audio.readUpload({ params: { id: tripId, uploadId } });
    if (state.status === 'done') return;
    if (state.status === 'failed') throw new ApiError({ status: 422, code: 'validation_error', message: state.error ?? messages.audioProcessingFailed });
    await wait(1500);
  }
}
