import type { ChangeListener } from '../db/change-feed.ts';

/**
 * What an announcement makes a cache forget: everything, the entry under one key, the entries a test
 * picks, or nothing. `all` (a missed or unconfirmed announcement) always forgets everything. Name the key
 * where the announcement names it: one statement changing many rows announces each, and a test runs over
 * every entry.
 */
export type Forget<V> = 'all' | { key: string } | ((value: V) => boolean) | null;

/**
 * Answers kept in memory only while the database's announcements of their changes are heard
 * (db/change-feed.ts): an announcement drops what it names; an answer read while one arrived may be out of
 * date and is not kept (`generation`); while the feed is down nothing is served, and everything is
 * forgotten when it returns (announcements may have been missed). The oldest entry goes first when full.
 */
export function createAnnouncedCache<V>(options: {
  maxEntries: number;
  maxAgeMs: number;
  forgets: (payload: string) => Forget<V>;
  now?: () => number;
}) {
  const { maxEntries, maxAgeMs, forgets, now = Date.now } = options;
  const entries = new Map<string, { value: V; validUntil: number }>();
  let isLive = false;
  let generation = 0;

  const listener: ChangeListener = {
    onMessage(payload) {
      generation += 1;
      const forget = payload === 'all' ? 'all' : forgets(payload);
      if (forget === 'all') entries.clear();
      else if (typeof forget === 'object' && forget) entries.delete(forget.key);
      else if (forget) for (const [key, entry] of entries) if (forget(entry.value)) entries.delete(key);
    },
    onLiveChange(live) {
      generation += 1;
      isLive = live;
      entries.clear();
    },
  };

  return {
    listener,
    get(key: string): V | undefined {
      if (!isLive) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.validUntil > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    /** Taken before the answer is read; `set` keeps it only if nothing was announced since. */
    generation: () => generation,
    set(key: string, readAt: number, value: V, validUntil = Infinity) {
      if (!isLive || readAt !== generation) return;
      if (entries.size >= maxEntries && !entries.has(key)) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, validUntil: Math.min(validUntil, now() + maxAgeMs) });
    },
    size: () => entries.size,
  };
}

export type AnnouncedCache<V> = ReturnType<typeof createAnnouncedCache<V>>;

/** What `key` names, from memory when it was read since the last announcement of its change; nothing found is not kept. */
export async function readThrough<V>(cache: AnnouncedCache<V>, key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const readAt = cache.generation();
  const value = await read();
  if (value !== undefined) cache.set(key, readAt, value);
  return value;
}

/** One subscription heard by several caches. */
export function everyListener(...listeners: ChangeListener[]): ChangeListener {
  return {
    onMessage: (payload) => listeners.forEach((listener) => listener.onMessage(payload)),
    onLiveChange: (live) => listeners.forEach((listener) => listener.onLiveChange(live)),
  };
}
