import { afterEach, describe, expect, it, vi } from 'vitest';
import { getTrips } from './get-trips.ts';

function failWith(status: number, message: string) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ status, code: 'internal_error', message }), { status }));
}

describe('the docs/product-spec.md §8 words when trips cannot be fetched', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a list says "Failed to fetch trips: {status text}"', async () => {
    failWith(503, 'Service Unavailable');
    await expect(getTrips({ page: 0 }, 'status')).rejects.toThrow('Failed to fetch trips: Service Unavailable');
  });

  it("an admin's list and one person's flights use their own texts, keeping the status", async () => {
    failWith(500, 'boom');
    await expect(getTrips({}, 'admin')).rejects.toMatchObject({ message: 'Failed to fetch trips by admin', status: 500 });
    await expect(getTrips({ pilot_id: '5f0f0f0f-0000-4000-8000-000000000000' }, 'person')).rejects.toMatchObject({
      message: 'Failed to fetch trips by Skylog ID',
      status: 500,
    });
  });
});
