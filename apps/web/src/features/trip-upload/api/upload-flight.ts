import { apiErrorSchema, limits, messages, type AudioUpload, type TrackImportResult, type TripDetail, type TripSummary } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Upload, type DetailedError } from 'tus-js-client';
import { apiRequest, ApiError } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';
import { uploadRequest } from '../../../lib/upload-request.ts';

/** Recent flights the person can add a file to; not asked for by those who may not read flights. */
export const useRecentTrips = (isEnabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: tripKeys.list({ page: 0, page_size: 50, sort: 'begin_time', order: 'desc' }),
      queryFn: ({ signal }) => apiRequest<{ items: TripSummary[]; total: number }>('/api/trips?page=0&page_size=50&sort=begin_time&order=desc', { signal }),
      enabled: isEnabled,
    }),
  );

/** The crew of a new flight: ids, '' for an empty seat; undefined leaves the server's usual seat. */
export type Crew = { leftSeat?: string | undefined; rightSeat?: string | undefined };

export type TrackTarget = { tripId: string } | ({ tripName: string; aircraftId: string } & Crew);

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
  const params = new URLSearchParams({ filename: file.name });
  if ('tripId' in target) params.set('trip_id', target.tripId);
  else {
    if (target.tripName) params.set('trip_name', target.tripName);
    if (target.aircraftId) params.set('aircraft_id', target.aircraftId);
    if (target.leftSeat !== undefined) params.set('left_seat', target.leftSeat);
    if (target.rightSeat !== undefined) params.set('right_seat', target.rightSeat);
  }
  if (times) {
    params.set('takeoff_time', times.takeoffTime);
    if (times.landingTime !== undefined) params.set('landing_time', times.landingTime);
    if (times.isLandingFromAudio) params.set('landing_from_audio', 'true');
  }
  return uploadRequest<TrackImportResult>(`/api/trips/import?${params.toString()}`, {
    method: 'POST',
    body: file,
    headers: { 'content-type': 'application/octet-stream' },
    onProgress: (sent) => onProgress(file.size ? sent / file.size : 1),
  });
}

export function createEmptyTrip(input: { tripName: string; aircraftId: string; beginTime: string } & Crew): Promise<TripDetail> {
  const seat = (value: string | undefined) => (value === undefined ? undefined : value || null);
  return apiRequest<TripDetail>('/api/trips', {
    method: 'POST',
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
export async function waitForProcessing(uploadUrl: string): Promise<void> {
  for (;;) {
    const state = await apiRequest<AudioUpload>(uploadUrl);
    if (state.status === 'done') return;
    if (state.status === 'failed') throw new ApiError({ status: 422, code: 'validation_error', message: state.error ?? messages.audioProcessingFailed });
    await wait(1500);
  }
}
