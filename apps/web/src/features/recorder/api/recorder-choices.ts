import { markerCategories, type CrewChoices } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { CachedChoices, RecordingStore } from './recording-store.ts';

export type RockerKey = { key: 1 | 2 | 3 | 4; text: string; color: string };

export type RecorderChoices = {
  aircraft: CachedChoices['aircraft'];
  crew: CrewChoices;
  rockers: RockerKey[];
  /** Read from this phone's copy because the server could not be reached; null when read from the server now. */
  cachedAt: number | null;
};

const defaultRockers: RockerKey[] = markerCategories.map(({ key, text, color }) => ({ key, text, color }));

const asRockers = (items: Array<{ key: number; text: string; color: string }>): RockerKey[] =>
  defaultRockers.map((fallback) => {
    const item = items.find((candidate) => candidate.key === fallback.key);
    return item ? { key: fallback.key, text: item.text, color: item.color } : fallback;
  });

/**
 * The aircraft, the crew one may seat and the school's rocker labels, read from the server and kept on the phone, so a
 * flight can be set up where there is no network (the airfield's apron); without a connection, the copy read last.
 * Null when there is neither.
 */
export async function loadRecorderChoices(store: RecordingStore, ownerId: string): Promise<RecorderChoices | null> {
  try {
    const [fleet, crew, rockers] = await Promise.all([
      api.aircraft.list({ query: { page: 0, page_size: 100, sort: 'tail_number', order: 'asc' } }),
      api.trips.crewChoices(),
      api.markers.read(),
    ]);
    const aircraft = fleet.items.map(({ id, tail_number, type }) => ({ id, tail_number, type }));
    await store.saveChoices({ ownerId, aircraft, crew, rockers: asRockers(rockers.items), savedAt: Date.now() });
    return { aircraft, crew, rockers: asRockers(rockers.items), cachedAt: null };
  } catch {
    // Offline, or the server refused (the screen tells a signed-out person from the account's own answer).
    const cached = await store.readChoices(ownerId);
    if (!cached) return null;
    return { aircraft: cached.aircraft, crew: cached.crew, rockers: cached.rockers, cachedAt: cached.savedAt };
  }
}

/** The choices as a query that runs with or without a network (it falls back to the phone's copy itself). */
export const useRecorderChoices = (store: RecordingStore | null, ownerId: string | null) =>
  useQuery({
    queryKey: ['recorder-choices', ownerId],
    queryFn: () => loadRecorderChoices(store!, ownerId!),
    enabled: Boolean(store && ownerId),
    networkMode: 'always',
    retry: false,
    staleTime: Infinity,
  });

export { defaultRockers };
