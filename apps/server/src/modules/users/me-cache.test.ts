import { describe, expect, it } from 'vitest';
import { readThrough } from '../../lib/announced-cache.ts';
import { createMeCache } from './me-cache.ts';
import type { MeRow } from './users.repository.ts';

const rowOf = (skylogId: string, authId: string, orgId: string, subOrgId: string | null) =>
  ({
    user: { skylogId, authId },
    org: { id: orgId, name: 'Org' },
    subOrg: subOrgId ? { id: subOrgId, orgId, name: 'Sub', description: null } : null,
    isEmailVerified: true,
  }) as unknown as MeRow;

describe("GET /api/me's people in memory", () => {
  function liveCache() {
    const cache = createMeCache();
    cache.listener.onLiveChange(true);
    const reads: string[] = [];
    const people = { ada: rowOf('ada', 'auth-ada', 'org-1', 'sub-1'), bo: rowOf('bo', 'auth-bo', 'org-1', null), cy: rowOf('cy', 'auth-cy', 'org-2', null) };
    const me = (id: keyof typeof people) =>
      readThrough(cache, id, async () => {
        reads.push(id);
        return people[id];
      });
    const readAll = async () => {
      reads.length = 0;
      for (const id of ['ada', 'bo', 'cy'] as const) await me(id);
      return [...reads];
    };
    return { cache, readAll };
  }

  it('reads each person once, then again only after a change of what their me shows', async () => {
    const { cache, readAll } = liveCache();
    expect(await readAll()).toEqual(['ada', 'bo', 'cy']);
    expect(await readAll()).toEqual([]);
    // Flights and sessions change nothing shown here.
    cache.listener.onMessage('trips');
    cache.listener.onMessage('session:s1');
    expect(await readAll()).toEqual([]);

    cache.listener.onMessage('person:bo');
    expect(await readAll()).toEqual(['bo']);
    cache.listener.onMessage('user:cy');
    expect(await readAll()).toEqual(['cy']);
    cache.listener.onMessage('auth-user:auth-ada');
    expect(await readAll()).toEqual(['ada']);
    cache.listener.onMessage('sub-org:sub-1');
    expect(await readAll()).toEqual(['ada']);
    cache.listener.onMessage('org:org-1');
    expect(await readAll()).toEqual(['ada', 'bo']);
    cache.listener.onMessage('all');
    expect(await readAll()).toEqual(['ada', 'bo', 'cy']);
  });

  it('keeps no one while the feed is down, and no one it did not find', async () => {
    const { cache, readAll } = liveCache();
    cache.listener.onLiveChange(false);
    expect(await readAll()).toEqual(['ada', 'bo', 'cy']);
    expect(await readAll()).toEqual(['ada', 'bo', 'cy']);
    cache.listener.onLiveChange(true);
    expect(await readThrough(cache, 'nobody', async () => undefined)).toBeUndefined();
    expect(cache.get('nobody')).toBeUndefined();
    expect(cache.size()).toBe(0);
  });
});
