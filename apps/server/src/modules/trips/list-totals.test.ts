import { describe, expect, it } from 'vitest';
import { createListTotalsCache, readListTotals } from './list-totals.ts';

describe('flight list totals in memory', () => {
  function liveCache() {
    const cache = createListTotalsCache();
    cache.listener.onLiveChange(true);
    let reads = 0;
    const read = (total: number) => async () => ({ total: (reads += 1) && total, durationMs: 0 });
    return { cache, read, reads: () => reads };
  }

  it('asks the database once per list until a flight changes', async () => {
    const { cache, read, reads } = liveCache();
    expect((await readListTotals(cache, 'org:a', read(7))).total).toBe(7);
    expect((await readListTotals(cache, 'org:a', read(8))).total).toBe(7);
    expect((await readListTotals(cache, 'org:b', read(3))).total).toBe(3);
    expect(reads()).toBe(2);
    // A session's or a person's change does not change a total; a flight's does, for every list.
    cache.listener.onMessage('session:s1');
    cache.listener.onMessage('user:u1');
    expect((await readListTotals(cache, 'org:a', read(9))).total).toBe(7);
    cache.listener.onMessage('trips');
    expect((await readListTotals(cache, 'org:a', read(9))).total).toBe(9);
    expect((await readListTotals(cache, 'org:b', read(4))).total).toBe(4);
  });

  it('does not keep a total read while a change was announced, nor anything while the feed is down', async () => {
    const { cache, read, reads } = liveCache();
    await readListTotals(cache, 'org:a', async () => {
      cache.listener.onMessage('trips');
      return { total: 1, durationMs: 0 };
    });
    expect((await readListTotals(cache, 'org:a', read(2))).total).toBe(2);
    cache.listener.onLiveChange(false);
    expect((await readListTotals(cache, 'org:a', read(3))).total).toBe(3);
    expect((await readListTotals(cache, 'org:a', read(4))).total).toBe(4);
    expect(reads()).toBe(3);
  });
});
