import { limits } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { defaultRecorderKeys } from '../../../lib/recorder-keys.ts';
import { captureKey, describeKey, isNewPress, markerForKey, markerForMediaAction } from './rocker-keys.ts';

const defaults = defaultRecorderKeys;

describe('which key drops which rocker marker', () => {
  it('drops markers 1–4 with keys 1–4 until they are changed', () => {
    expect(['1', '2', '3', '4'].map((key) => markerForKey(defaults, key))).toEqual([1, 2, 3, 4]);
    expect(markerForKey(defaults, 'PageDown')).toBeNull();
    expect(markerForKey(defaults, '5')).toBeNull();
  });

  it('drops Unusual with PageDown once remapped, and key 2 no longer does; the other keys keep working', () => {
    const keys = ['1', 'PageDown', '3', '4'];
    expect(markerForKey(keys, 'PageDown')).toBe(2);
    expect(markerForKey(keys, '2')).toBeNull();
    expect(markerForKey(keys, '1')).toBe(1);
    expect(markerForKey(keys, '4')).toBe(4);
  });

  it('takes a letter with or without Shift, and named keys as they are', () => {
    expect(markerForKey(['a', '2', '3', '4'], 'A')).toBe(1);
    expect(markerForKey(['1', 'ArrowRight', '3', '4'], 'arrowright')).toBeNull();
  });

  it("maps a headset's media-session actions through the media keys set for the rockers", () => {
    const keys = ['MediaTrackPrevious', 'MediaTrackNext', 'MediaPlayPause', '4'];
    expect(markerForMediaAction(keys, 'previoustrack')).toBe(1);
    expect(markerForMediaAction(keys, 'nexttrack')).toBe(2);
    // One play/pause button: whichever state the phone thinks it is in, the same marker.
    expect(markerForMediaAction(keys, 'play')).toBe(3);
    expect(markerForMediaAction(keys, 'pause')).toBe(3);
    expect(markerForMediaAction(defaults, 'nexttrack')).toBeNull();
    expect(markerForMediaAction(['1', '2', 'MediaPause', '4'], 'pause')).toBe(3);
    expect(markerForMediaAction(['1', '2', 'MediaPause', '4'], 'play')).toBeNull();
  });

  it('names keys as a person reads them', () => {
    expect([' ', 'MediaTrackNext', 'AudioVolumeUp', 'PageDown', 'a', '2'].map(describeKey)).toEqual(['Space', 'Next track', 'Volume up', 'PageDown', 'A', '2']);
  });
});

describe('setting a key by pressing it', () => {
  it('takes the next key for that marker only', () => {
    expect(captureKey(defaults, 2, 'PageDown')).toEqual({ kind: 'set', key: 'PageDown', keys: ['1', 'PageDown', '3', '4'] });
    expect(captureKey(defaults, 4, ' ')).toEqual({ kind: 'set', key: ' ', keys: ['1', '2', '3', ' '] });
  });

  it('cancels on Escape', () => {
    expect(captureKey(defaults, 2, 'Escape')).toEqual({ kind: 'cancelled' });
  });

  it('refuses a key another marker already uses, and says which', () => {
    expect(captureKey(['1', 'PageDown', '3', '4'], 3, 'PageDown')).toEqual({ kind: 'taken', key: 'PageDown', by: 2 });
    expect(captureKey(defaults, 1, '4')).toEqual({ kind: 'taken', key: '4', by: 4 });
    // Pressing the marker's own key again keeps it.
    expect(captureKey(defaults, 2, '2')).toEqual({ kind: 'set', key: '2', keys: defaults });
  });

  it('waits past a modifier pressed alone, and refuses keys that cannot be a rocker key', () => {
    expect(captureKey(defaults, 1, 'Shift')).toEqual({ kind: 'waiting' });
    expect(captureKey(defaults, 1, 'Tab')).toEqual({ kind: 'reserved', key: 'Tab' });
    expect(captureKey(defaults, 1, 'Unidentified')).toEqual({ kind: 'reserved', key: 'Unidentified' });
  });
});

describe('one press reaching the page twice', () => {
  const at = 1_780_000_000_000;

  it('drops one marker when a headset press arrives as a key and as a media-session action', () => {
    expect(isNewPress({ marker: 2, source: 'key', at }, { marker: 2, source: 'media-session', at: at + 50 })).toBe(false);
    expect(isNewPress({ marker: 2, source: 'media-session', at }, { marker: 2, source: 'key', at: at + 50 })).toBe(false);
  });

  it('drops a marker for every press made the same way, for another marker, or after the echo window', () => {
    expect(isNewPress(null, { marker: 2, source: 'key', at })).toBe(true);
    expect(isNewPress({ marker: 2, source: 'key', at }, { marker: 2, source: 'key', at: at + 50 })).toBe(true);
    expect(isNewPress({ marker: 2, source: 'key', at }, { marker: 3, source: 'media-session', at: at + 50 })).toBe(true);
    expect(isNewPress({ marker: 2, source: 'key', at }, { marker: 2, source: 'media-session', at: at + limits.recorderKeyEchoMs })).toBe(true);
  });
});
