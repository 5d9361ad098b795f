import { describe, expect, it } from 'vitest';
import type { RequestUser } from './request-user.ts';
import { createSessionCache } from './session-cache.ts';

const person = (skylogId: string): RequestUser => ({
  authId: `auth-${skylogId}`,
  skylogId,
  role: 'student',
  email: `${skylogId}@school.test`,
  orgId: 'org',
  subOrgId: null,
  accessTokenId: null,
  sessionToken: `token-${skylogId}`,
  hasAuthenticator: false,
  isTwoFactorRequired: false,
  isPaid: true,
});

function cacheAt(start = 1_000_000) {
  let time = start;
  const cache = createSessionCache({ maxEntries: 3, maxAgeMs: 60_000, now: () => time });
  cache.listener.onLiveChange(true);
  const remember = (cookie: string, skylogId: string, sessionId = `session-${skylogId}`, validUntil = time + 3_600_000) =>
    cache.set(cookie, cache.generation(), { user: person(skylogId), sessionId, validUntil });
  return { cache, remember, advance: (ms: number) => (time += ms) };
}

describe('session cache', () => {
  it('answers a remembered cookie until a minute has passed or the session must be refreshed, whichever is first', () => {
    const { cache, remember, advance } = cacheAt();
    remember('cookie-a', 'a');
    remember('cookie-b', 'b', 'session-b', 1_000_000 + 10_000);
    expect(cache.get('cookie-a')?.skylogId).toBe('a');
    advance(10_000);
    expect(cache.get('cookie-b')).toBeNull();
    advance(50_000);
    expect(cache.get('cookie-a')).toBeNull();
  });

  it("forgets a session when it changes, and every session of a person whose access changes; 'all' forgets everyone", () => {
    const { cache, remember } = cacheAt();
    remember('cookie-a1', 'a', 'session-a1');
    remember('cookie-a2', 'a', 'session-a2');
    remember('cookie-b', 'b');
    cache.listener.onMessage('session:session-a1');
    expect(cache.get('cookie-a1')).toBeNull();
    expect(cache.get('cookie-a2')?.skylogId).toBe('a');
    cache.listener.onMessage('user:a');
    expect(cache.get('cookie-a2')).toBeNull();
    expect(cache.get('cookie-b')?.skylogId).toBe('b');
    cache.listener.onMessage('all');
    expect(cache.size()).toBe(0);
  });

  it('does not keep a session read before a change was announced (the read may predate the change)', () => {
    const { cache } = cacheAt();
    const readAt = cache.generation();
    cache.listener.onMessage('session:somebody-else');
    cache.set('cookie-a', readAt, { user: person('a'), sessionId: 'session-a', validUntil: Number.MAX_SAFE_INTEGER });
    expect(cache.get('cookie-a')).toBeNull();
  });

  it('serves nothing while the announcements cannot be heard, and starts empty when they can again', () => {
    const { cache, remember } = cacheAt();
    remember('cookie-a', 'a');
    cache.listener.onLiveChange(false);
    expect(cache.get('cookie-a')).toBeNull();
    remember('cookie-b', 'b');
    expect(cache.size()).toBe(0);
    cache.listener.onLiveChange(true);
    expect(cache.get('cookie-a')).toBeNull();
    remember('cookie-c', 'c');
    expect(cache.get('cookie-c')?.skylogId).toBe('c');
  });

  it('holds at most its limit, forgetting the oldest first', () => {
    const { cache, remember } = cacheAt();
    for (const id of ['a', 'b', 'c', 'd']) remember(`cookie-${id}`, id);
    expect(cache.size()).toBe(3);
    expect(cache.get('cookie-a')).toBeNull();
    expect(cache.get('cookie-d')?.skylogId).toBe('d');
  });

  it('a cookie remembered again for another person answers only to the new person’s announcements', () => {
    const { cache, remember } = cacheAt();
    remember('cookie-a', 'a');
    remember('cookie-a', 'b', 'session-b');
    cache.listener.onMessage('user:a');
    cache.listener.onMessage('session:session-a');
    expect(cache.get('cookie-a')?.skylogId).toBe('b');
    cache.listener.onMessage('user:b');
    expect(cache.get('cookie-a')).toBeNull();
  });

  it('a cookie dropped to make room and remembered again is forgotten by its session’s announcement', () => {
    const { cache, remember } = cacheAt();
    for (const id of ['a', 'b', 'c', 'd']) remember(`cookie-${id}`, id);
    remember('cookie-a', 'a', 'session-a2');
    cache.listener.onMessage('session:session-a2');
    expect(cache.get('cookie-a')).toBeNull();
    expect(cache.size()).toBe(2);
  });
});
