import { limits, type TrackImportResult, type TripDetail, type TripSummary } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, ApiError } from '../../../lib/api-client.ts';
import { tripKeys } from '../../../lib/query-keys.ts';
import { ConnectionLostError, uploadRequest } from '../../../lib/upload-request.ts';

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

type UploadState = { id: string; offset: number; size_bytes: number; status?: string; error?: string | null };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resumable audio upload: pieces of 8 MB; when the connection breaks, ask the server how much
 * arrived and go on from there (up to 5 times in a row, waiting a little longer each time).
 */
export async function uploadAudio(tripId: string, file: File, onProgress: (fraction: number) => void): Promise<string> {
  const upload = await apiRequest<UploadState>(`/api/trips/${encodeURIComponent(tripId)}/audio-uploads`, {
    method: 'POST',
    body: { filename: file.name, size_bytes: file.size, content_type: file.type || undefined },
  });
  let offset = 0;
  let failures = 0;
  while (offset < file.size) {
    const end = Math.min(file.size, offset + limits.uploadChunkBytes);
    const start = offset;
    try {
      const result = await uploadRequest<UploadState>(`/api/audio-uploads/${upload.id}`, {
        method: 'PATCH',
        body: file.slice(start, end),
        headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(start) },
        onProgress: (sent) => onProgress((start + sent) / file.size),
      });
      offset = result.offset;
      failures = 0;
    } catch (error) {
      const isResumable = error instanceof ConnectionLostError || (error instanceof ApiError && error.status === 409);
      if (!isResumable || failures >= 5) throw error;
      failures += 1;
      await wait(500 * failures);
      offset = (await apiRequest<UploadState>(`/api/audio-uploads/${upload.id}`)).offset;
    }
    onProgress(offset / file.size);
  }
  return upload.id;
}

/** Waits for the audio job: resolves when processed, throws the server's message when it failed. */
export async function waitForProcessing(uploadId: string): Promise<void> {
  for (;;) {
    const state = await apiRequest<UploadState>(`/api/audio-uploads/${uploadId}`);
    if (state.status === 'done') return;
    if (state.status === 'failed') throw new ApiError({ status: 422, code: 'validation_error', message: state.error ?? 'The audio could not be processed.' });
    await wait(1500);
  }
}
