import type { TripDetail } from '@skylog/contracts';
import { formatClock } from '../../../lib/format-time.ts';

/**
 * The one clock of the screen counts in epoch milliseconds ("flight time"). With audio it spans the
 * audio (audio second 0 is `audioStartMs`); without, it spans the track.
 */
export type Timeline = {
  startMs: number;
  endMs: number;
  /** Epoch ms of audio second 0; transcript word times count from here. */
  audioStartMs: number;
  hasAudio: boolean;
  /** The zero of "time into the flight". */
  flightStartMs: number;
};

type TimelineTrip = Pick<TripDetail, 'audio' | 'begin_time' | 'end_time' | 'duration_ms' | 'record_uri'>;

const parseTime = (value: string | null) => (value ? Date.parse(value) : null);

export function getTimeline(trip: TimelineTrip, trackTimestamps: readonly number[] = []): Timeline {
  const beginMs = parseTime(trip.begin_time);
  const trackStartMs = trackTimestamps[0] ?? beginMs;
  const trackEndMs =
    trackTimestamps.at(-1) ??
    parseTime(trip.end_time) ??
    (beginMs !== null && trip.duration_ms !== null ? beginMs + trip.duration_ms : null);
  const flightStartMs = beginMs ?? trackStartMs ?? trip.audio.started_at ?? 0;
  const audioStartMs = trip.audio.started_at ?? flightStartMs;
  const hasAudio = isAudioPlayable(trip);
  if (hasAudio)
    return { startMs: audioStartMs, endMs: audioStartMs + (trip.audio.duration_ms ?? 0), audioStartMs, hasAudio, flightStartMs };
  const startMs = trackStartMs ?? flightStartMs;
  return { startMs, endMs: Math.max(startMs, trackEndMs ?? startMs), audioStartMs, hasAudio, flightStartMs };
}

export function isAudioPlayable(trip: Pick<TripDetail, 'audio' | 'record_uri'>): boolean {
  return trip.audio.status === 'ready' && Boolean(trip.record_uri) && (trip.audio.duration_ms ?? 0) > 0;
}

/** Audio seconds (and transcript word times) ↔ flight time. */
export const toAudioSeconds = (audioStartMs: number, timeMs: number) => (timeMs - audioStartMs) / 1000;
export const fromAudioSeconds = (audioStartMs: number, seconds: number) => audioStartMs + seconds * 1000;

/** What the player shows: seconds since the clock's start (the audio time when there is audio). */
export const toPlaybackSeconds = (timeline: Timeline, timeMs: number) => (timeMs - timeline.startMs) / 1000;

/** "+1:02:03" into the flight, "−0:45" before it began. */
export function formatFlightOffset(offsetMs: number): string {
  const seconds = Math.round(offsetMs / 1000);
  return `${seconds < 0 ? '−' : '+'}${formatClock(Math.abs(seconds))}`;
}
