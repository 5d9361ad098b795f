import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api.ts';
import { earlyRequestUrls } from './early-request-urls.ts';

const tripId = '5f357c27-1bdf-442c-90c5-85bf45135877';

describe('early requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.skylogEarlyRequests;
  });

  it('ask for the session on signed-in screens, and for the trip and its track on a flight', () => {
    expect(earlyRequestUrls(`/dashboard/flights/${tripId}`)).toEqual(['/api/me', `/api/trips/${tripId}`, `/api/trips/${tripId}/track`, `/api/trips/${tripId}/transcript`]);
    expect(earlyRequestUrls('/dashboard/flights')).toEqual(['/api/me']);
    expect(earlyRequestUrls('/configuration/markers')).toEqual(['/api/me']);
    expect(earlyRequestUrls('/login')).toEqual([]);
    expect(earlyRequestUrls('/dashboard/flights/not-a-trip')).toEqual(['/api/me']);
  });

  it("the API client takes an early answer once, then fetches anew (the shell's read of the account)", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ from: 'fetch' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    window.skylogEarlyRequests = { '/api/me': Promise.resolve(new Response(JSON.stringify({ from: 'early' }), { status: 200 })) };
    expect(await api.users.me()).toEqual({ from: 'early' });
    expect(fetch).not.toHaveBeenCalled();
    expect(await api.users.me()).toEqual({ from: 'fetch' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an early answer that failed is the same error a fetch gives', async () => {
    window.skylogEarlyRequests = { '/api/me': Promise.resolve(new Response(JSON.stringify({ status: 401, code: 'unauthenticated', message: 'Sign in' }), { status: 401 })) };
    await expect(api.users.me()).rejects.toMatchObject({ status: 401, message: 'Sign in' });
  });
});
