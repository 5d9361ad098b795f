import { limits } from '@skylog/contracts';
import { createAnnouncedCache, type AnnouncedCache, type Forget } from '../../lib/announced-cache.ts';
import type { MeRow } from './users.repository.ts';

export type MeCache = AnnouncedCache<MeRow>;

/**
 * What GET /api/me reads, per person: every page load asks for it, and it changes rarely. The database
 * announces each change of a person's row, sign-in identity, organization or sub-organization
 * (migrations 0011 and 0015), and the entries it names are forgotten.
 */
export function createMeCache(): MeCache {
  return createAnnouncedCache<MeRow>({
    maxEntries: limits.meCacheEntries,
    maxAgeMs: limits.meCacheMaxAgeSeconds * 1000,
    forgets: (payload): Forget => {
      const separator = payload.indexOf(':');
      const [kind, id] = [payload.slice(0, separator), payload.slice(separator + 1)];
      switch (kind) {
        case 'user':
        case 'person':
          // Kept under the person's id.
          return { key: id };
        case 'auth-user':
        case 'org':
        case 'sub-org':
          return { tag: payload };
        default:
          return null;
      }
    },
    tagsOf: (row) => [`auth-user:${row.user.authId}`, ...(row.org ? [`org:${row.org.id}`] : []), ...(row.subOrg ? [`sub-org:${row.subOrg.id}`] : [])],
  });
}
