import type { ChangeListener } from '../db/change-feed.ts';
import type { RequestUser } from './request-user.ts';

/** The channel the database announces session and access changes on (migration 0011). */
export const accessChangesChannel = 'skylog_access_changes';

type Entry = { user: RequestUser; sessionId: string; validUntil: number };

/**
 * The people behind recently seen session cookies, so an authorized request costs no session reads.
 * Correct only while it hears every change: the database announces each session update or deletion
 * and each change of a person's role, organization, e-mail or standing (`session:<id>`, `user:<skylog id>`,
 * `all`), and an entry is dropped when its announcement arrives. While the feed is down nothing is
 * served from memory, and everything is forgotten when it comes back (announcements may have been missed).
 */
export function createSessionCache({ maxEntries, maxAgeMs, now = Date.now }: { maxEntries: number; maxAgeMs: number; now?: () => number }) {
  const entries = new Map<string, Entry>();
  let isLive = false;
  // Bumped by every announcement: a session read before one arrived may be out of date and is not kept.
  let generation = 0;

  const forgetWhere = (matches: (entry: Entry) => boolean) => {
    for (const [key, entry] of entries) if (matches(entry)) entries.delete(key);
  };

  const listener: ChangeListener = {
    onMessage(payload) {
      generation += 1;
      const separator = payload.indexOf(':');
      const [kind, id] = separator < 0 ? [payload, ''] : [payload.slice(0, separator), payload.slice(separator + 1)];
      if (kind === 'session') forgetWhere((entry) => entry.sessionId === id);
      else if (kind === 'user') forgetWhere((entry) => entry.user.skylogId === id);
      else entries.clear();
    },
    onLiveChange(live) {
      generation += 1;
      isLive = live;
      entries.clear();
    },
  };

  return {
    listener,
    get(cookie: string): RequestUser | null {
      if (!isLive) return null;
      const entry = entries.get(cookie);
      if (!entry) return null;
      if (entry.validUntil > now()) return entry.user;
      entries.delete(cookie);
      return null;
    },
    /** Taken before the session is read; `set` keeps the answer only if nothing was announced since. */
    generation: () => generation,
    set(cookie: string, readAt: number, entry: { user: RequestUser; sessionId: string; validUntil: number }) {
      if (!isLive || readAt !== generation) return;
      if (entries.size >= maxEntries && !entries.has(cookie)) entries.delete(entries.keys().next().value!);
      entries.set(cookie, { ...entry, validUntil: Math.min(entry.validUntil, now() + maxAgeMs) });
    },
    size: () => entries.size,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
