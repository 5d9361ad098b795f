import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { flightMomentParam } from '../../../lib/flight-moment.ts';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import type { PlaybackClock } from '../utils/playback-clock.ts';
import { throttle } from '../utils/throttle.ts';

/** How often, at most, the position is written while it moves (IndexedDB, key `root`). */
const saveEveryMs = 1000;
/** A review left this close to the end was finished: the flight opens at its start again. */
const finishedWithinMs = 2000;

/**
 * Opens a flight at the moment its address names (`?at=`, a lesson's "Go to moment"), else where its review was left
 * (a seek: it never starts playing by itself), then keeps saving where the clock is. Call it after the clock has its
 * range. Whoever plays takes the seek when it mounts (the waveform starts at the clock's time), so the audio need not
 * be ready yet.
 */
export function usePlaybackPosition(tripId: string, clock: PlaybackClock) {
  const moment = useSearchParams()[0].get(flightMomentParam);
  const momentMs = moment ? Number(moment) : Number.NaN;
  useEffect(() => {
    const { playbackPositions, setPlaybackPosition } = useSettingsStore.getState();
    const saved = playbackPositions[tripId];
    if (Number.isFinite(momentMs)) clock.seek(momentMs);
    else if (saved && saved.timeMs < clock.getRange().endMs - finishedWithinMs) clock.seek(saved.timeMs);

    let latestMs: number | null = null;
    const save = throttle((timeMs: number) => setPlaybackPosition(tripId, timeMs), saveEveryMs);
    const unsubscribe = clock.subscribe((timeMs) => {
      latestMs = timeMs;
      save(timeMs);
    });
    return () => {
      unsubscribe();
      save.cancel();
      // Leaving the screen keeps the very last position, not the one of up to a second before.
      if (latestMs !== null) setPlaybackPosition(tripId, latestMs);
    };
  }, [tripId, clock, momentMs]);
}
