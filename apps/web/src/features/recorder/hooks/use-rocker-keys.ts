import type { MarkerKey } from '@skylog/contracts';
import { useEffect, useRef, useState } from 'react';
import { defaultRecorderKeys } from '../../../lib/recorder-keys.ts';
import { isNewPress, markerForKey, markerForMediaAction, mediaSessionActions, type RockerMediaAction, type RockerPress } from './rocker-keys.ts';

/**
 * The "Recorder keys" settings. The settings store (with its storage library) is loaded after the recorder's first
 * screen, which opens in the field on a slow connection: until then, and when it cannot be read, keys 1–4.
 */
function useRecorderKeySettings(): string[] {
  const [keys, setKeys] = useState(defaultRecorderKeys);
  useEffect(() => {
    let isCancelled = false;
    let unsubscribe = () => {};
    void import('../../../lib/settings-store.ts').then(({ useSettingsStore }) => {
      if (isCancelled) return;
      setKeys(useSettingsStore.getState().recorderKeys);
      // Restored from storage a moment later, or changed: the new keys.
      unsubscribe = useSettingsStore.subscribe((state) => setKeys(state.recorderKeys));
    });
    return () => {
      isCancelled = true;
      unsubscribe();
    };
  }, []);
  return keys;
}

/**
 * While recording: the keys of the "Recorder keys" settings (1–4 unless changed) and, where the browser has a media
 * session, a headset's next/previous/play/pause buttons drop the rocker markers (docs/product.md "Recording on a phone").
 */
export function useRockerKeys(onMarker: (key: MarkerKey) => void) {
  const keys = useRecorderKeySettings();
  const last = useRef<RockerPress | null>(null);

  useEffect(() => {
    const press = (marker: MarkerKey | null, source: RockerPress['source']) => {
      if (marker === null) return false;
      const current = { marker, source, at: Date.now() };
      if (isNewPress(last.current, current)) onMarker(marker);
      last.current = current;
      return true;
    };

    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.repeat || event.ctrlKey || event.metaKey || event.altKey || target?.closest('input, select, textarea')) return;
      // Handled here only: Enter or Space must not also press the button that has the focus.
      if (press(markerForKey(keys, event.key), 'key')) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);

    // A browser without media sessions, or one that refuses an action, still has the keys.
    const session = 'mediaSession' in navigator ? navigator.mediaSession : null;
    const actions = Object.keys(mediaSessionActions) as RockerMediaAction[];
    for (const action of actions) {
      try {
        session?.setActionHandler(action, () => void press(markerForMediaAction(keys, action), 'media-session'));
      } catch {
        // This action is not supported here.
      }
    }
    return () => {
      window.removeEventListener('keydown', onKey);
      for (const action of actions) {
        try {
          session?.setActionHandler(action, null);
        } catch {
          // Never registered.
        }
      }
    };
  }, [keys, onMarker]);

  return keys;
}
