import type { TeachableMoment } from '@skylog/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MarkersPanelHandle } from '../components/markers-panel.tsx';
import { momentElementId } from '../utils/moments.ts';
import { PlaybackClock } from '../utils/playback-clock.ts';
import { playbackSkipMs } from '../utils/shortcuts.ts';
import type { Timeline } from '../utils/timeline.ts';
import { usePlaybackPosition } from './use-playback-position.ts';
import { usePlaybackShortcuts } from './use-playback-shortcuts.ts';

type FlightPlaybackInput = {
  tripId: string;
  timeline: Timeline;
  moments: readonly TeachableMoment[] | undefined;
  canEdit: boolean;
};

/**
 * The one clock the map, charts, player, transcript and markers follow: over the flight's timeline, opened
 * where the review was left, moved by the keyboard shortcuts and by a teachable moment chosen in the notes.
 * The player lends its play / pause (`togglePlay`) and the markers panel its Add marker (`markersPanel`).
 */
export function useFlightPlayback({ tripId, timeline, moments, canEdit }: FlightPlaybackInput) {
  const [clock] = useState(() => new PlaybackClock());
  useEffect(() => clock.setRange(timeline.startMs, timeline.endMs), [clock, timeline]);
  usePlaybackPosition(tripId, clock);

  const jumpToMoment = useCallback(
    (momentId: string) => {
      const moment = moments?.find((candidate) => candidate.id === momentId);
      if (!moment) return;
      clock.seek(moment.time);
      const element = document.getElementById(momentElementId(momentId));
      element?.scrollIntoView({ block: 'nearest' });
      element?.focus({ preventScroll: true });
    },
    [moments, clock],
  );

  const togglePlay = useRef<(() => void) | null>(null);
  const markersPanel = useRef<MarkersPanelHandle>(null);
  const [isShortcutsOpen, setIsShortcutsOpen] = useState(false);
  usePlaybackShortcuts({
    'toggle-play': () => togglePlay.current?.(),
    back: () => clock.seek(clock.getTime() - playbackSkipMs),
    forward: () => clock.seek(clock.getTime() + playbackSkipMs),
    'add-marker': canEdit ? () => markersPanel.current?.addMarkerNow() : null,
    'show-shortcuts': () => setIsShortcutsOpen(true),
  });

  return { clock, jumpToMoment, togglePlay, markersPanel, isShortcutsOpen, setIsShortcutsOpen };
}
