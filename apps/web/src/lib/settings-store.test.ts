import localforage from 'localforage';
import { limits } from '@skylog/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, useSettingsStore } from './settings-store.ts';

// The same store the app uses: database 'skylog', store 'keyvaluepairs', key 'root'.
const raw = localforage.createInstance({ name: 'skylog', storeName: 'keyvaluepairs' });

async function restoreFrom(value: unknown) {
  // Start from non-default values (saving them is asynchronous), then put the entry under test in place.
  useSettingsStore.setState({ ...defaultSettings, timezone: 'Local', isSidebarActive: false, recorderKeys: ['a', 'b', 'c', 'd'] });
  await new Promise((resolve) => setTimeout(resolve, 10));
  await raw.setItem('root', value);
  await useSettingsStore.persist.rehydrate();
  const { timezone, isSidebarActive, playbackPositions, recorderKeys } = useSettingsStore.getState();
  return { timezone, isSidebarActive, playbackPositions, recorderKeys };
}

describe('client settings under key root', () => {
  beforeEach(async () => raw.clear());

  it('defaults to UTC, sidebar open, no playback position, rocker markers on keys 1–4', () => {
    expect(defaultSettings).toEqual({ timezone: 'UTC', isSidebarActive: true, playbackPositions: {}, recorderKeys: ['1', '2', '3', '4'] });
  });

  it('restores what was saved', async () => {
    useSettingsStore.getState().setTimezone('Local');
    useSettingsStore.getState().setSidebarActive(false);
    useSettingsStore.getState().setPlaybackPosition('trip-a', 1_780_000_042_500);
    useSettingsStore.getState().setRecorderKeys(['1', 'PageDown', '3', 'MediaTrackNext']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const saved = JSON.parse((await raw.getItem<string>('root'))!) as { state: Record<string, unknown> };
    expect(saved.state).toEqual({
      timezone: 'Local',
      isSidebarActive: false,
      playbackPositions: { 'trip-a': { timeMs: 1_780_000_042_500, savedAt: expect.any(Number) } },
      recorderKeys: ['1', 'PageDown', '3', 'MediaTrackNext'],
    });
    expect(await restoreFrom(JSON.stringify(saved))).toEqual(saved.state);
  });

  it(`keeps the playback positions of the ${limits.playbackPositionsKept} most recently played flights only`, async () => {
    useSettingsStore.setState({ playbackPositions: {} });
    const { setPlaybackPosition } = useSettingsStore.getState();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let index = 0; index <= limits.playbackPositionsKept; index += 1) {
        vi.setSystemTime(1_780_000_000_000 + index * 1000);
        setPlaybackPosition(`trip-${index}`, index);
      }
      // Playing the oldest one again keeps it: the next flight opened drops the next oldest instead.
      vi.setSystemTime(1_780_000_100_000);
      setPlaybackPosition('trip-1', 7);
      vi.setSystemTime(1_780_000_200_000);
      setPlaybackPosition('trip-new', 8);
    } finally {
      vi.useRealTimers();
    }
    const positions = useSettingsStore.getState().playbackPositions;
    expect(Object.keys(positions)).toHaveLength(limits.playbackPositionsKept);
    expect(positions['trip-0']).toBeUndefined();
    expect(positions['trip-1']?.timeMs).toBe(7);
    expect(positions['trip-2']).toBeUndefined();
    expect(positions[`trip-${limits.playbackPositionsKept}`]?.timeMs).toBe(limits.playbackPositionsKept);
  });

  it('falls back to the defaults when the entry is corrupted', async () => {
    expect(await restoreFrom('{"state": not json')).toEqual(defaultSettings);
    expect(await restoreFrom(12345)).toEqual(defaultSettings);
  });

  it('keeps valid fields and defaults the ones of the wrong shape', async () => {
    const restored = await restoreFrom(
      JSON.stringify({
        // The same key for two rockers could not tell them apart: keys 1–4 again.
        state: { timezone: 'Mars', isSidebarActive: false, playbackPositions: { 'trip-a': { timeMs: 'soon' } }, recorderKeys: ['PageDown', 'pagedown', 'x', 'X'] },
        version: 0,
      }),
    );
    expect(restored).toEqual({ ...defaultSettings, isSidebarActive: false });
  });
});
