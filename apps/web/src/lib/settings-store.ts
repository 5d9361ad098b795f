import { limits, markerCategories } from '@skylog/contracts';
import localforage from 'localforage';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { defaultRecorderKeys, normaliseKey } from './recorder-keys.ts';

export type Timezone = 'Local' | 'UTC';

/**
 * Where the review of one flight was left: the audio's current time and the transcript's, kept per flight (the player
 * and a click on a transcript word both move it).
 */
export type PlaybackPosition = {
  /** The review clock's time, epoch ms (the audio's, or the track replay's without audio). */
  timeMs: number;
  /** When it was saved: only the most recently played flights are kept. */
  savedAt: number;
};

/** The only things the browser keeps (docs/product.md "What the browser keeps"): settings, never accounts, tokens or trip data. */
export type Settings = {
  timezone: Timezone;
  isSidebarActive: boolean;
  /** By trip id. */
  playbackPositions: Record<string, PlaybackPosition>;
  /**
   * The `KeyboardEvent.key` that drops each of the recorder's four rocker markers, in rocker order (1–4): a Bluetooth
   * remote's or headset's keys on this phone (docs/product.md "Recording on a phone").
   */
  recorderKeys: string[];
};

type SettingsActions = {
  setTimezone: (timezone: Timezone) => void;
  setSidebarActive: (isActive: boolean) => void;
  setPlaybackPosition: (tripId: string, timeMs: number) => void;
  setRecorderKeys: (keys: string[]) => void;
};

export const defaultSettings: Settings = {
  timezone: 'UTC',
  isSidebarActive: true,
  playbackPositions: {},
  recorderKeys: defaultRecorderKeys,
};

/** The `limits.playbackPositionsKept` most recently saved positions. */
function keepRecentPositions(positions: Record<string, PlaybackPosition>): Record<string, PlaybackPosition> {
  const entries = Object.entries(positions);
  if (entries.length <= limits.playbackPositionsKept) return positions;
  return Object.fromEntries(entries.sort(([, a], [, b]) => b.savedAt - a.savedAt).slice(0, limits.playbackPositionsKept));
}

const storedSettingsSchema = z.object({
  timezone: z.enum(['Local', 'UTC']).catch(defaultSettings.timezone),
  isSidebarActive: z.boolean().catch(defaultSettings.isSidebarActive),
  playbackPositions: z
    .record(z.string(), z.object({ timeMs: z.number(), savedAt: z.number() }))
    .transform(keepRecentPositions)
    .catch(defaultSettings.playbackPositions),
  // One key per rocker, never the same key for two: anything else gives way to keys 1–4.
  recorderKeys: z
    .array(z.string().min(1))
    .length(markerCategories.length)
    .refine((keys) => new Set(keys.map(normaliseKey)).size === keys.length)
    .catch(defaultSettings.recorderKeys),
});

// The settings' IndexedDB store: its store name and size are contracts' limits, as the earlier product had them.
const store = localforage.createInstance({ name: 'skylog', storeName: limits.clientStorageName, size: limits.clientStorageSize });

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

/**
 * IndexedDB under key `root`. A slow (over 5000 ms), unreadable or corrupted entry restores the
 * defaults instead of blanking the app.
 */
const indexedDbStorage: PersistStorage<Settings> = {
  async getItem(name) {
    const defaults: StorageValue<Settings> = { state: defaultSettings, version: 0 };
    try {
      const raw = await withTimeout(store.getItem<unknown>(name), limits.persistTimeoutMs);
      if (raw === null || raw === undefined) return defaults;
      if (typeof raw !== 'string') return defaults;
      const parsed = JSON.parse(raw) as { state?: unknown; version?: unknown };
      const state = storedSettingsSchema.safeParse(parsed.state);
      if (!state.success) return defaults;
      return { state: state.data, version: typeof parsed.version === 'number' ? parsed.version : 0 };
    } catch {
      return defaults;
    }
  },
  async setItem(name, value) {
    try {
      await store.setItem(name, JSON.stringify(value));
    } catch {
      // Private windows may refuse storage: settings then last for this visit only.
    }
  },
  async removeItem(name) {
    await store.removeItem(name).catch(() => undefined);
  },
};

export const useSettingsStore = create<Settings & SettingsActions>()(
  persist(
    (set) => ({
      ...defaultSettings,
      setTimezone: (timezone) => set({ timezone }),
      setSidebarActive: (isSidebarActive) => set({ isSidebarActive }),
      setPlaybackPosition: (tripId, timeMs) =>
        set(({ playbackPositions }) => ({
          playbackPositions: keepRecentPositions({ ...playbackPositions, [tripId]: { timeMs, savedAt: Date.now() } }),
        })),
      setRecorderKeys: (recorderKeys) => set({ recorderKeys }),
    }),
    {
      name: limits.persistedStateKey,
      storage: indexedDbStorage,
      partialize: ({ timezone, isSidebarActive, playbackPositions, recorderKeys }) => ({ timezone, isSidebarActive, playbackPositions, recorderKeys }),
    },
  ),
);

/** True once the stored settings are restored (or the 5000 ms restore time-out has passed). */
export function useHasRestoredSettings(): boolean {
  const [hasRestored, setHasRestored] = useState(() => useSettingsStore.persist.hasHydrated());
  useEffect(() => {
    const unsubscribe = useSettingsStore.persist.onFinishHydration(() => setHasRestored(true));
    setHasRestored(useSettingsStore.persist.hasHydrated());
    return unsubscribe;
  }, []);
  return hasRestored;
}
