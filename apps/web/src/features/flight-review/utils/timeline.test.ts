import type { TripDetail } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { formatFlightOffset, fromAudioSeconds, getTimeline, toAudioSeconds, toPlaybackSeconds } from './timeline.ts';

const begin = Date.UTC(2026, 0, 31, 9, 0, 0);
type TimelineTrip = Parameters<typeof getTimeline>[0];
const audio = (overrides: Partial<TripDetail['audio']> = {}): TripDetail['audio'] => ({
  status: 'ready',
  duration_ms: 3 * 3600_000,
  mime_type: 'audio/mpeg',
  size_bytes: 1,
  error: null,
  started_at: begin + 120_000,
  ...overrides,
});
const trip = (overrides: Partial<TimelineTrip> = {}): TimelineTrip => ({
  audio: audio(),
  begin_time: new Date(begin).toISOString(),
  end_time: new Date(begin + 3 * 3600_000).toISOString(),
  duration_ms: 3 * 3600_000,
  record_uri: '/api/trips/t/audio',
  ...overrides,
});

describe('the clock with audio', () => {
  const timeline = getTimeline(trip());

  it('spans the audio, from its first sample', () => {
    expect(timeline).toMatchObject({
      hasAudio: true,
      startMs: begin + 120_000,
      endMs: begin + 120_000 + 3 * 3600_000,
      flightStartMs: begin,
    });
  });

  it('maps audio seconds (and transcript word times) to flight time and back', () => {
    expect(fromAudioSeconds(timeline.audioStartMs, 0)).toBe(begin + 120_000);
    expect(fromAudioSeconds(timeline.audioStartMs, 61.5)).toBe(begin + 181_500);
    expect(toAudioSeconds(timeline.audioStartMs, begin + 181_500)).toBe(61.5);
    expect(toPlaybackSeconds(timeline, begin + 181_500)).toBe(61.5);
  });

  it('counts from the flight start when the audio does not say when it began', () => {
    expect(getTimeline(trip({ audio: audio({ started_at: null }) })).audioStartMs).toBe(begin);
  });
});

describe('the clock without audio', () => {
  it('spans the track once it has arrived', () => {
    const timeline = getTimeline(trip({ audio: audio({ status: 'none', duration_ms: null }) }), [begin + 5000, begin + 65_000]);
    expect(timeline).toMatchObject({ hasAudio: false, startMs: begin + 5000, endMs: begin + 65_000 });
    expect(toPlaybackSeconds(timeline, begin + 35_000)).toBe(30);
  });

  it('spans the trip times before the track arrives', () => {
    expect(getTimeline(trip({ audio: audio({ status: 'processing' }) }))).toMatchObject({
      hasAudio: false,
      startMs: begin,
      endMs: begin + 3 * 3600_000,
    });
  });

  it('treats audio without a playable address or length as no audio', () => {
    expect(getTimeline(trip({ record_uri: null })).hasAudio).toBe(false);
    expect(getTimeline(trip({ audio: audio({ duration_ms: 0 }) })).hasAudio).toBe(false);
    expect(getTimeline(trip({ audio: audio({ status: 'failed' }) })).hasAudio).toBe(false);
  });

  it('has a zero-length range for a trip with no times at all', () => {
    const timeline = getTimeline(
      trip({ audio: audio({ status: 'none', started_at: null }), begin_time: null, end_time: null, duration_ms: null }),
    );
    expect(timeline.endMs).toBe(timeline.startMs);
  });
});

describe('time into the flight', () => {
  it('says how far into the flight a time is, and how long before it began', () => {
    expect(formatFlightOffset(3_723_000)).toBe('+1:02:03');
    expect(formatFlightOffset(45_000)).toBe('+0:45');
    expect(formatFlightOffset(-45_000)).toBe('−0:45');
  });
});
