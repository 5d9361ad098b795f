import { messages, type TripDetail } from '@skylog/contracts';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type WaveSurferType from 'wavesurfer.js';
import { Alert } from '../../../components/ui/alert.tsx';
import type { Timezone } from '../../../lib/settings-store.ts';
import { useAudioPeaks } from '../api/get-audio-peaks.ts';
import type { ReviewMarker } from '../utils/markers.ts';
import type { PlaybackClock } from '../utils/playback-clock.ts';
import { playbackSurfaceAttribute } from '../utils/shortcuts.ts';
import { fromAudioSeconds, isAudioPlayable, toAudioSeconds, type Timeline } from '../utils/timeline.ts';
import { Panel, Spinner } from './panel.tsx';
import { PlaybackControls } from './playback-controls.tsx';
import { TrackReplay } from './track-replay.tsx';

const audioRates = [1, 1.5, 2] as const;
/** A flat line when the peaks cannot be had: the audio still plays, streamed. */
const flatPeaks = [0, 0];

type AudioPlayerProps = {
  trip: TripDetail;
  timeline: Timeline;
  clock: PlaybackClock;
  markers: readonly ReviewMarker[];
  timezone: Timezone;
  /** Beside the title (the keyboard shortcuts hint). */
  actions?: ReactNode;
};

export function AudioPlayer({ trip, timeline, clock, markers, timezone, actions }: AudioPlayerProps) {
  const isPlayable = isAudioPlayable(trip);
  const peaks = useAudioPeaks(trip.trip_id, isPlayable);
  const { audio } = trip;
  const replay = <TrackReplay clock={clock} timeline={timeline} timezone={timezone} />;

  return (
    <Panel label="Audio player" title="Cockpit audio" actions={actions}>
      <div {...{ [playbackSurfaceAttribute]: '' }} className="flex flex-col gap-3">
        {isPlayable && trip.record_uri ? (
          peaks.isPending ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner /> Loading waveform…
            </p>
          ) : (
            <>
              {peaks.error ? (
                <Alert tone="info">The waveform could not be loaded ({peaks.error.message}); the audio still plays.</Alert>
              ) : null}
              <Waveform
                url={trip.record_uri}
                peaks={peaks.data?.peaks ?? flatPeaks}
                durationMs={audio.duration_ms ?? 0}
                timeline={timeline}
                clock={clock}
                markers={markers}
                timezone={timezone}
              />
            </>
          )
        ) : audio.status === 'processing' ? (
          <>
            <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
              <Spinner /> Processing audio…
            </p>
            {replay}
          </>
        ) : audio.status === 'failed' ? (
          <>
            <Alert tone="error">{audio.error ?? 'The cockpit audio could not be processed.'}</Alert>
            {replay}
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">No cockpit audio for this flight.</p>
            {replay}
          </>
        )}
      </div>
    </Panel>
  );
}

type WaveformProps = {
  url: string;
  peaks: number[];
  durationMs: number;
  timeline: Timeline;
  clock: PlaybackClock;
  markers: readonly ReviewMarker[];
  timezone: Timezone;
};

// The waveform's library loads with the player, not with the flight screen's first script.
const loadWaveSurfer = () => import('wavesurfer.js');

/**
 * Precomputed peaks and the duration let wavesurfer stream through a media element that reads
 * nothing up front: the browser fetches the audio with HTTP Range as it plays, never the whole file.
 */
function Waveform({ url, peaks, durationMs, timeline, clock, markers, timezone }: WaveformProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<WaveSurferType | null>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  const [rate, setRate] = useState<number>(1);
  const [error, setError] = useState<string | null>(null);
  const { audioStartMs } = timeline;

  useEffect(() => {
    const startPlayer = (WaveSurfer: typeof WaveSurferType) => {
      const media = document.createElement('audio');
      // Peaks and duration are known: nothing needs reading until the person plays or seeks.
      media.preload = 'none';
      const player = WaveSurfer.create({
        container: containerRef.current!,
        url,
        peaks: [peaks],
        duration: durationMs / 1000,
        media,
        height: 72,
        waveColor: '#cbd5e1',
        progressColor: '#2563eb',
        cursorColor: '#0f172a',
        cursorWidth: 2,
        barWidth: 2,
        barGap: 1,
        barRadius: 1,
        normalize: true,
        dragToSeek: true,
        hideScrollbar: true,
        autoScroll: false,
      });
      playerRef.current = player;
      const toClock = (seconds: number) => fromAudioSeconds(audioStartMs, seconds);
      const goToClock = () => player.setTime(Math.max(0, toAudioSeconds(audioStartMs, clock.getTime())));
      const unsubscribers = [
        // The audio moves the clock only while it plays: paused, the clock leads (a word or marker clicked while
        // the stream loaded, a restored position), and the media's own report of 0:00 as it loads is no seek.
        player.on('timeupdate', (seconds) => {
          if (player.isPlaying()) clock.update(toClock(seconds));
        }),
        player.on('interaction', (seconds) => clock.update(toClock(seconds), 'seek')),
        player.on('play', () => setIsPlaying(true)),
        player.on('pause', () => setIsPlaying(false)),
        player.on('finish', () => setIsPlaying(false)),
        player.on('error', (cause) => setError(cause.message || 'The cockpit audio could not be played.')),
        // Giving the player its source forgets a time set before: where the clock is (a restored position,
        // a marker clicked while the waveform loaded) is set again once the source is in place.
        player.on('ready', goToClock),
      ];
      goToClock();
      clock.setSeekHandler((timeMs) => player.setTime(toAudioSeconds(audioStartMs, timeMs)));
      return () => {
        clock.setSeekHandler(null);
        for (const unsubscribe of unsubscribers) unsubscribe();
        player.destroy();
        playerRef.current = null;
        setIsPlaying(false);
        setError(null);
        // Stop the browser's download of the stream at once.
        media.removeAttribute('src');
        media.load();
      };
    };
    let stop: (() => void) | null = null;
    let isGone = false;
    loadWaveSurfer().then(
      ({ default: WaveSurfer }) => {
        if (!isGone) stop = startPlayer(WaveSurfer);
      },
      () => {
        if (!isGone) setError(messages.waveformUnavailable);
      },
    );
    return () => {
      isGone = true;
      stop?.();
    };
  }, [url, peaks, durationMs, audioStartMs, clock]);

  useEffect(() => {
    playerRef.current?.setPlaybackRate(rate, true);
  }, [rate]);

  const ticks = useMemo(
    () =>
      markers
        .map((marker) => ({ marker, ratio: (marker.timestamp - audioStartMs) / durationMs }))
        .filter(({ ratio }) => ratio >= 0 && ratio <= 1),
    [markers, audioStartMs, durationMs],
  );

  const handleTogglePlay = () => {
    playerRef.current?.playPause().catch((cause: Error) => {
      // A pause that interrupts a starting play is not a failure.
      if (cause.name !== 'AbortError') setError(cause.message);
    });
  };

  return (
    <div className="flex flex-col gap-3">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="relative">
        <div ref={containerRef} aria-label="Waveform" role="img" />
        <div aria-hidden className="pointer-events-none absolute inset-0">
          {ticks.map(({ marker, ratio }) => (
            <span
              key={marker.key}
              className="absolute top-0 h-full w-0.5 opacity-80"
              style={{ left: `${ratio * 100}%`, backgroundColor: marker.look.color }}
            />
          ))}
        </div>
      </div>
      <PlaybackControls
        clock={clock}
        timeline={timeline}
        timezone={timezone}
        isPlaying={isPlaying}
        onTogglePlay={handleTogglePlay}
        rate={rate}
        rates={audioRates}
        onRateChange={setRate}
      />
    </div>
  );
}
