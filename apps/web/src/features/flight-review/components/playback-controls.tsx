import { Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { formatClock } from '../../../lib/format-time.ts';
import type { Timezone } from '../../../lib/settings-store.ts';
import { useClockTime } from '../hooks/use-clock-time.ts';
import type { PlaybackClock } from '../utils/playback-clock.ts';
import { getTimeLabel } from '../utils/time-labels.ts';
import { toPlaybackSeconds, type Timeline } from '../utils/timeline.ts';

const skipMs = 10_000;

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

/** Play / pause, −10 s / +10 s, speed, and where the clock is: the same for the audio and the track replay. */
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
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button aria-label={isPlaying ? 'Pause' : 'Play'} onClick={onTogglePlay} disabled={isDisabled} className="w-11 px-0">
        {isPlaying ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
      </Button>
      <Button variant="secondary" aria-label="Back 10 seconds" disabled={isDisabled} onClick={() => clock.seek(clock.getTime() - skipMs)}>
        <RotateCcw size={14} aria-hidden className="mr-1" /> 10 s
      </Button>
      <Button
        variant="secondary"
        aria-label="Forward 10 seconds"
        disabled={isDisabled}
        onClick={() => clock.seek(clock.getTime() + skipMs)}
      >
        <RotateCw size={14} aria-hidden className="mr-1" /> 10 s
      </Button>
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
      <PlaybackTime clock={clock} timeline={timeline} timezone={timezone} />
    </div>
  );
}

/** The only part of the screen that re-renders as time runs (about four times a second). */
function PlaybackTime({ clock, timeline, timezone }: { clock: PlaybackClock; timeline: Timeline; timezone: Timezone }) {
  const time = useClockTime(clock);
  return (
    <p className="ml-auto flex items-baseline gap-2 text-sm tabular-nums text-slate-700">
      <span>
        <span data-testid="playback-time" className="font-semibold text-slate-900">
          {formatClock(toPlaybackSeconds(timeline, time))}
        </span>
        {' / '}
        {formatClock(toPlaybackSeconds(timeline, timeline.endMs))}
      </span>
      <span className="text-xs text-slate-500">{getTimeLabel(time, timezone)}</span>
    </p>
  );
}
