import { limits, type MarkerKey } from '@skylog/contracts';
import { normaliseKey } from '../../../lib/recorder-keys.ts';

/*
 * Which key drops which rocker marker (docs/product.md "Recording on a phone"). `keys` is the settings' list in rocker
 * order: keys[0] drops marker 1, keys[3] marker 4. Bluetooth page-turner remotes send ordinary keys (PageDown,
 * ArrowRight, Enter, Space); headset buttons send media keys or, when the page holds a media session, media-session
 * actions, which are mapped here to the media key of the same name.
 */

/** The media-session actions the recorder listens to, and the media keys a press of them stands for. */
export const mediaSessionActions = {
  nexttrack: ['MediaTrackNext'],
  previoustrack: ['MediaTrackPrevious'],
  play: ['MediaPlayPause', 'MediaPlay'],
  pause: ['MediaPlayPause', 'MediaPause'],
} as const satisfies Record<string, readonly string[]>;

export type RockerMediaAction = keyof typeof mediaSessionActions;

/** Keys that only change another key (pressed on the way to a combination): capture waits for the real key. */
const modifierKeys = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'Fn', 'FnLock', 'NumLock', 'Hyper', 'Super', 'Symbol']);
/** Keys that cannot be told apart or are needed to leave the capture: never a rocker key. */
const reservedKeys = new Set(['Escape', 'Tab', 'Unidentified', 'Dead', 'Process']);

const keyNames: Record<string, string> = {
  ' ': 'Space',
  MediaTrackNext: 'Next track',
  MediaTrackPrevious: 'Previous track',
  MediaPlayPause: 'Play/Pause',
  MediaPlay: 'Play',
  MediaPause: 'Pause',
  AudioVolumeUp: 'Volume up',
  AudioVolumeDown: 'Volume down',
};

/** A key as a person reads it on the screen: "Space", "Next track", "PageDown", "1". */
export function describeKey(key: string): string {
  return keyNames[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}

/** The marker a key drops, or null when it drops none. */
export function markerForKey(keys: readonly string[], key: string): MarkerKey | null {
  const index = keys.findIndex((candidate) => normaliseKey(candidate) === normaliseKey(key));
  return index < 0 ? null : ((index + 1) as MarkerKey);
}

/** The marker a media-session action (a headset button) drops, or null when none of its media keys is a rocker key. */
export function markerForMediaAction(keys: readonly string[], action: RockerMediaAction): MarkerKey | null {
  for (const key of mediaSessionActions[action]) {
    const marker = markerForKey(keys, key);
    if (marker !== null) return marker;
  }
  return null;
}

export type CaptureOutcome =
  /** Escape: nothing changes. */
  | { kind: 'cancelled' }
  /** A modifier alone: the capture goes on waiting. */
  | { kind: 'waiting' }
  | { kind: 'reserved'; key: string }
  /** The key already drops another marker. */
  | { kind: 'taken'; key: string; by: MarkerKey }
  | { kind: 'set'; key: string; keys: string[] };

/** The next key pressed while setting the key of `marker`: the new list, or why it is not taken. */
export function captureKey(keys: readonly string[], marker: MarkerKey, key: string): CaptureOutcome {
  if (key === 'Escape') return { kind: 'cancelled' };
  if (modifierKeys.has(key)) return { kind: 'waiting' };
  if (reservedKeys.has(key)) return { kind: 'reserved', key };
  const owner = markerForKey(keys, key);
  if (owner !== null && owner !== marker) return { kind: 'taken', key, by: owner };
  return { kind: 'set', key, keys: keys.map((current, index) => (index === marker - 1 ? key : current)) };
}

export type RockerPress = { marker: MarkerKey; source: 'key' | 'media-session'; at: number };

/**
 * Whether a press drops a marker. One headset press may reach the page both as a key and as a media-session action:
 * the second of the two, for the same marker within `limits.recorderKeyEchoMs`, is not a second marker. Two presses
 * by the same way are always two markers.
 */
export function isNewPress(previous: RockerPress | null, press: RockerPress): boolean {
  if (!previous) return true;
  return !(previous.marker === press.marker && previous.source !== press.source && press.at - previous.at < limits.recorderKeyEchoMs);
}
