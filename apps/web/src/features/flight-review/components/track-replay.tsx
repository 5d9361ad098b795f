import { useEffect, useState } from 'react';
import type { Timezone } from '../../../lib/settings-store.ts';
import { useClockTime } from '../hooks/use-clock-time.ts';
import type { PlaybackClock } from '../utils/playback-clock.ts';
import { toPlaybackSeconds, type Timeline } from '../utils/timeline.ts';
import { PlaybackControls } from './playback-controls.tsx';

/** Without audio, the track is replayed faster than real time: a three-hour flight is long. */
const replayRates = [1, 10, 60] as const;

/** Without audio the clock runs on animation frames, and a slider over the track's duration moves it. */
export function TrackReplay({ clock, timeline, timezone }: { clock: PlaybackClock; timeline: Timeline; timezone: Timezone }) {
  const [isPlaying, setIsPlaying] = useState(false);
  const [rate, setRate] = useState<number>(replayRates[1]);
  const durationSeconds = Math.round(toPlaybackSeconds(timeline, timeline.endMs));
  const { endMs } = timeline;

  useEffect(() => {
    if (!isPlaying) return;
    let frame = 0;
    let previous = performance.now();
    const tick = (now: number) => {
      const next = Math.min(endMs, clock.getTime() + (now - previous) * rate);
      previous = now;
      clock.update(next);
      if (next >= endMs) setIsPlaying(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [isPlaying, rate, endMs, clock]);

  const handleTogglePlay = () => {
    if (!isPlaying && clock.getTime() >= endMs) clock.seek(timeline.startMs);
    setIsPlaying(!isPlaying);
  };

  return (
    <div className="flex flex-col gap-3">
      <TimeSlider clock={clock} timeline={timeline} durationSeconds={durationSeconds} />
      <PlaybackControls
        clock={clock}
        timeline={timeline}
        timezone={timezone}
        isPlaying={isPlaying}
        isDisabled={durationSeconds <= 0}
        onTogglePlay={handleTogglePlay}
        rate={rate}
        rates={replayRates}
        onRateChange={setRate}
      />
    </div>
  );
}

function TimeSlider({ clock, timeline, durationSeconds }: { clock: PlaybackClock; timeline: Timeline; durationSeconds: number }) {
  const time = useClockTime(clock);
  return (
    <input
      type="range"
      aria-label="Flight time"
      min={0}
      max={durationSeconds}
      step={1}
      value={Math.round(toPlaybackSeconds(timeline, time))}
      disabled={durationSeconds <= 0}
      onChange={(event) => clock.seek(timeline.startMs + Number(event.target.value) * 1000)}
      className="w-full accent-brand-600"
    />
  );
}
