import type { ChangeListener } from '../db/change-feed.ts';

/**
 * What an announcement makes a cache forget: everything, the entry under one key, the entries carrying
 * one tag (`tagsOf`), or nothing. `all` (a missed or unconfirmed announcement) always forgets everything.
 * Both are found without looking at other entries: one statement changing many rows announces each.
 */
export type Forget = 'all' | { key: string } | { tag: string } | null;

/**
 * Answers kept in memory only while the database's announcements of their changes are heard
 * (db/change-feed.ts): an announcement drops what it names; an answer read while one arrived may be out of
 * date and is not kept (`generation`); while the feed is down nothing is served, and everything is
 * forgotten when it returns (announcements may have been missed). The oldest entry goes first when full.
 */
export function createAnnouncedCache<V>(options: {
  maxEntries: number;
  maxAgeMs: number;
  forgets: (payload: string) => Forget;
  /** Names an entry answers to besides its key (the announcements that name them, e.g. `user:<id>`). */
  tagsOf?: (value: V) => string[];
  now?: () => number;
}) {
  const { maxEntries, maxAgeMs, forgets, tagsOf = () => [], now = Date.now } = options;
  const entries = new Map<string, { value: V; validUntil: number; tags: string[] }>();
  const keysByTag = new Map<string, Set<string>>();
  let isLive = false;
  let generation = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  };
  const clear = () => {
    entries.clear();
    keysByTag.clear();
  };

  const listener: ChangeListener = {
    onMessage(payload) {
      generation += 1;
      const forget = payload === 'all' ? 'all' : forgets(payload);
      if (forget === 'all') clear();
      else if (forget && 'key' in forget) remove(forget.key);
      else if (forget) for (const key of keysByTag.get(forget.tag) ?? []) remove(key);
    },
    onLiveChange(live) {
      generation += 1;
      isLive = live;
      clear();
    },
  };

  return {
    listener,
    get(key: string): V | undefined {
      if (!isLive) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.validUntil > now()) return entry.value;
      remove(key);
      return undefined;
    },
    /** Taken before the answer is read; `set` keeps it only if nothing was announced since. */
    generation: () => generation,
    set(key: string, readAt: number, value: V, validUntil = Infinity) {
      if (!isLive || readAt !== generation) return;
      remove(key);
      if (entries.size >= maxEntries) remove(entries.keys().next().value!);
      const tags = tagsOf(value);
      entries.set(key, { value, validUntil: Math.min(validUntil, now() + maxAgeMs), tags });
      for (const tag of tags) keysByTag.set(tag, (keysByTag.get(tag) ?? new Set()).add(key));
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
