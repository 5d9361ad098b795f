import { useEffect, useState } from 'react';
import type { PlaybackClock } from '../utils/playback-clock.ts';
import { throttle } from '../utils/throttle.ts';

/** The clock's time for React, about four times a second: enough for text, cheap for the screen. */
export function useClockTime(clock: PlaybackClock, intervalMs = 250): number {
  const [time, setTime] = useState(() => clock.getTime());
  useEffect(() => {
    const setThrottled = throttle(setTime, intervalMs);
    setThrottled(clock.getTime());
    const unsubscribe = clock.subscribe(setThrottled);
    return () => {
      unsubscribe();
      setThrottled.cancel();
    };
  }, [clock, intervalMs]);
  return time;
}
