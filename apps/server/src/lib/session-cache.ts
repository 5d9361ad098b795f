import { createAnnouncedCache } from './announced-cache.ts';
import type { RequestUser } from './request-user.ts';

/** The channel the database announces session, access and flight changes on (migrations 0011, 0013). */
export const accessChangesChannel = 'skylog_access_changes';

type Entry = { user: RequestUser; sessionId: string };

/**
 * The people behind recently seen session cookies, so an authorized request costs no session reads.
 * The database announces each session update or deletion and each change of a person's role,
 * organization, e-mail or standing (`session:<id>`, `user:<skylog id>`, `all`); an entry is dropped
 * when its announcement arrives (lib/announced-cache.ts says when nothing is served at all).
 */
export function createSessionCache(options: { maxEntries: number; maxAgeMs: number; now?: () => number }) {
  const cache = createAnnouncedCache<Entry>({
    ...options,
    forgets: (payload) => (payload.startsWith('session:') || payload.startsWith('user:') ? { tag: payload } : null),
    tagsOf: (entry) => [`session:${entry.sessionId}`, `user:${entry.user.skylogId}`],
  });
  return {
    listener: cache.listener,
    get: (cookie: string): RequestUser | null => cache.get(cookie)?.user ?? null,
    generation: cache.generation,
    set: (cookie: string, readAt: number, { validUntil, ...entry }: Entry & { validUntil: number }) => cache.set(cookie, readAt, entry, validUntil),
    size: cache.size,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
