import { limits } from '@skylog/contracts';
import { createAnnouncedCache, readThrough, type AnnouncedCache } from '../../lib/announced-cache.ts';

export type ListTotals = { total: number; durationMs: number };

/**
 * The exact totals of recently asked flight lists. Counting a school's 50,000 flights reads every one
 * of them (milliseconds of the database's time per list); the same total is asked again and again while
 * nothing changes. Every change that could change one is announced (`trips`, migration 0013) and
 * forgets them all.
 */
export function createListTotalsCache(): AnnouncedCache<ListTotals> {
  return createAnnouncedCache<ListTotals>({
    maxEntries: limits.listTotalsCacheEntries,
    maxAgeMs: limits.listTotalsCacheMaxAgeSeconds * 1000,
    forgets: (payload) => (payload === 'trips' ? 'all' : null),
  });
}

/** The totals `key` names (a count query's key, or a scope), from memory when asked since the last change. */
export async function readListTotals(cache: AnnouncedCache<ListTotals>, key: string, read: () => Promise<ListTotals>): Promise<ListTotals> {
  return (await readThrough(cache, key, read))!;
}
