import { limits } from '@skylog/contracts';
import { createAnnouncedCache, type AnnouncedCache } from '../../lib/announced-cache.ts';
import type { EncodedAnswer } from '../../lib/encoded-answer.ts';

/**
 * The flights list's first page as sent to an organization's administrators (newest first, unfiltered: what the
 * flights screen opens on), serialized and compressed, under the scope it was read for (`tripScope`, which names
 * the organization), so one school's page is never another's. Nothing on it depends on the reader beyond that scope.
 * Every change that could change one is announced as `trips` (migrations 0013 and 0025: flights, their shares,
 * audio and uploads, instructor–student links, the names and e-mails of people and the tail numbers of aircraft) and
 * forgets them all, as for the lists' totals.
 */
export function createListAnswersCache(): AnnouncedCache<EncodedAnswer> {
  return createAnnouncedCache<EncodedAnswer>({
    maxEntries: limits.listAnswersCacheEntries,
    maxAgeMs: limits.listAnswersCacheMaxAgeSeconds * 1000,
    forgets: (payload) => (payload === 'trips' ? 'all' : null),
  });
}
