import localforage from 'localforage';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings, useSettingsStore } from './settings-store.ts';

// The same store the app uses: database 'skylog', store 'keyvaluepairs', key 'root'.
const raw = localforage.createInstance({ name: 'skylog', storeName: 'keyvaluepairs' });

async function restoreFrom(value: unknown) {
  // Start from non-default values (saving them is asynchronous), then put the entry under test in place.
  useSettingsStore.setState({ ...defaultSettings, timezone: 'Local', isSidebarActive: false });
  await new Promise((resolve) => setTimeout(resolve, 10));
  await raw.setItem('root', value);
  await useSettingsStore.persist.rehydrate();
  const { timezone, isSidebarActive, audioCurrentTime, currentTimeFromTranscript } = useSettingsStore.getState();
  return { timezone, isSidebarActive, audioCurrentTime, currentTimeFromTranscript };
}

describe('client settings under key root', () => {
  beforeEach(async () => raw.clear());

  it('defaults to UTC, sidebar open, playback at 0', () => {
    expect(defaultSettings).toEqual({ timezone: 'UTC', isSidebarActive: true, audioCurrentTime: 0, currentTimeFromTranscript: 0 });
  });

  it('restores what was saved', async () => {
    useSettingsStore.getState().setTimezone('Local');
    useSettingsStore.getState().setSidebarActive(false);
    useSettingsStore.getState().setAudioCurrentTime(42.5);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const saved = JSON.parse((await raw.getItem<string>('root'))!) as { state: Record<string, unknown> };
    expect(saved.state).toEqual({ timezone: 'Local', isSidebarActive: false, audioCurrentTime: 42.5, currentTimeFromTranscript: 0 });
    expect(await restoreFrom(JSON.stringify(saved))).toEqual(saved.state);
  });

  it('falls back to the defaults when the entry is corrupted', async () => {
    expect(await restoreFrom('{"state": not json')).toEqual(defaultSettings);
    expect(await restoreFrom(12345)).toEqual(defaultSettings);
  });

  it('keeps valid fields and defaults the ones of the wrong shape', async () => {
    const restored = await restoreFrom(JSON.stringify({ state: { timezone: 'Mars', isSidebarActive: false, audioCurrentTime: -3 }, version: 0 }));
    expect(restored).toEqual({ ...defaultSettings, isSidebarActive: false });
  });
});
