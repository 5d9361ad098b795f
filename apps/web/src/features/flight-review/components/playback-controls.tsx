import { Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import { useContext, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button.tsx';
import { formatClock } from '../../../lib/format-time.ts';
import type { Timezone } from '../../../lib/settings-store.ts';
import { useClockTime } from '../hooks/use-clock-time.ts';
import { useIsNarrowScreen } from '../hooks/use-is-narrow-screen.ts';
import type { PlaybackClock } from '../utils/playback-clock.ts';
import { playbackSkipMs, playbackSurfaceAttribute } from '../utils/shortcuts.ts';
import { getTimeLabel } from '../utils/time-labels.ts';
import { toPlaybackSeconds, type Timeline } from '../utils/timeline.ts';
import { PlayerSlotsContext } from './player-slots.ts';

type PlaybackControlsProps = {
  clock: PlaybackClock;
  timeline: Timeline;
  timezone: Timezone;
  isPlaying: boolean;
  isDisabled?: boolean;
  onTogglePlay: () => void;
  rate: number;
  rates: readonly number[];
  onRateChange: (rate: number) => void;
};

/**
 * Play / pause, −10 s / +10 s, speed, and where the clock is: the same for the audio and the track
 * replay. On narrow screens play / pause, the time and a seek bar dock at the bottom of the window
 * (the screen's dock) and only the speed stays here.
 */
export function PlaybackControls({
  clock,
  timeline,
  timezone,
  isPlaying,
  isDisabled = false,
  onTogglePlay,
  rate,
  rates,
  onRateChange,
}: PlaybackControlsProps) {
  const slots = useContext(PlayerSlotsContext);
  const isNarrow = useIsNarrowScreen();
  const dock = isNarrow ? slots?.dock : null;

  useEffect(() => {
    if (!slots) return;
    const { togglePlay } = slots;
    togglePlay.current = isDisabled ? null : onTogglePlay;
    return () => {
      togglePlay.current = null;
    };
  }, [slots, isDisabled, onTogglePlay]);

  // Docked, the buttons are a finger's size (44 px).
  const size = dock ? 'h-11 shrink-0' : 'shrink-0';
  const transport = (
    <>
      <Button aria-label={isPlaying ? 'Pause' : 'Play'} onClick={onTogglePlay} disabled={isDisabled} className={`w-11 px-0 ${size}`}>
        {isPlaying ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
      </Button>
      <Button
        variant="secondary"
        disabled={isDisabled}
        onClick={() => clock.seek(clock.getTime() - playbackSkipMs)}
        className={`px-3 ${size}`}
      >
        <RotateCcw size={14} aria-hidden className="mr-1" />
        <SkipLabel>Back</SkipLabel>
      </Button>
      <Button
        variant="secondary"
        disabled={isDisabled}
        onClick={() => clock.seek(clock.getTime() + playbackSkipMs)}
        className={`px-3 ${size}`}
      >
        <RotateCw size={14} aria-hidden className="mr-1" />
        <SkipLabel>Forward</SkipLabel>
      </Button>
    </>
  );
  const speed = (
    <div role="group" aria-label="Playback speed" className="flex overflow-hidden rounded-md border border-slate-300">
      {rates.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === rate}
          disabled={isDisabled}
          onClick={() => onRateChange(option)}
          className="px-2.5 py-1.5 text-sm text-slate-700 hover:bg-slate-50 aria-pressed:bg-brand-600 aria-pressed:text-white disabled:text-slate-400"
        >
          {option}×
        </button>
      ))}
    </div>
  );

  if (dock) {
    return (
      <>
        <div className="flex items-center gap-2">
          <span className="text-sm text-slate-600">Speed</span>
          {speed}
        </div>
        {createPortal(
          <div
            role="region"
            aria-label="Docked player"
            {...{ [playbackSurfaceAttribute]: '' }}
            className="flex flex-col gap-1.5 rounded-t-xl border border-b-0 border-slate-200 bg-white px-3 pt-1.5 pb-2 shadow-[0_-4px_12px_rgb(15_23_42/0.12)]"
          >
            <SeekBar clock={clock} timeline={timeline} isDisabled={isDisabled} />
            <div className="flex items-center gap-2">
              {transport}
              <PlaybackTime clock={clock} timeline={timeline} timezone={timezone} isCompact />
            </div>
          </div>,
          dock,
        )}
      </>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {transport}
      {speed}
      <PlaybackTime clock={clock} timeline={timeline} timezone={timezone} />
    </div>
  );
}

/** The docked player's seek bar: the whole playback, a second a step. */
function SeekBar({ clock, timeline, isDisabled }: { clock: PlaybackClock; timeline: Timeline; isDisabled: boolean }) {
  const time = useClockTime(clock);
  const durationSeconds = Math.round(toPlaybackSeconds(timeline, timeline.endMs));
  return (
    <input
      type="range"
      aria-label="Playback position"
      min={0}
      max={durationSeconds}
      step={1}
      value={Math.round(toPlaybackSeconds(timeline, time))}
      disabled={isDisabled || durationSeconds <= 0}
      onChange={(event) => clock.seek(timeline.startMs + Number(event.target.value) * 1000)}
      className="h-6 w-full accent-brand-600"
    />
  );
}

/** The only part of the screen that re-renders as time runs (about four times a second). */
function PlaybackTime({
  clock,
  timeline,
  timezone,
  isCompact = false,
}: {
  clock: PlaybackClock;
  timeline: Timeline;
  timezone: Timezone;
  isCompact?: boolean;
}) {
  const time = useClockTime(clock);
  return (
    <p className="ml-auto flex min-w-0 items-baseline gap-2 text-sm whitespace-nowrap tabular-nums text-slate-700">
      <span>
        <span data-testid="playback-time" className="font-semibold text-slate-900">
          {formatClock(toPlaybackSeconds(timeline, time))}
        </span>
        {' / '}
        {formatClock(toPlaybackSeconds(timeline, timeline.endMs))}
      </span>
      {isCompact ? null : <span className="text-xs text-slate-500">{getTimeLabel(time, timezone)}</span>}
    </p>
  );
}

/**
 * "10 s" on the button, "Back 10 seconds" to a screen reader or voice control: named by its content rather
 * than an aria-label, so the visible text is not contradicted by the label (WCAG 2.5.3, label in name).
 */
function SkipLabel({ children }: { children: string }) {
  return (
    <>
      <span className="sr-only">{children} 10 seconds</span>
      <span aria-hidden>10 s</span>
    </>
  );
}
