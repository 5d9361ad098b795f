import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { straightTrack, tripsApi } from './trips-helper.ts';

type Queryable = { query: (...args: unknown[]) => unknown };

/** The text of every statement the server sends (node-postgres and PGlite), while `run` runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const prototypes = [pg.Client.prototype, PGlite.prototype] as unknown as Queryable[];
  const originals = prototypes.map((prototype) => prototype.query);
  prototypes.forEach((prototype, index) => {
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      texts.push(typeof first === 'string' ? first : String((first as { text?: unknown } | undefined)?.text));
      return originals[index]!.apply(this, args);
    };
  });
  try {
    await run();
  } finally {
    prototypes.forEach((prototype, index) => (prototype.query = originals[index]!));
  }
  return texts;
}

/**
 * The flight screen's reads (GET /api/trips/:id, its track, transcript and analysis, the export) read the flight
 * once: the decision who may see it and the answer come from the same statement (ARCHITECTURE.md, Access).
 */
describe('trips: one read of the flight per request', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const api = tripsApi(() => t, s);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the flight screen and its parts read the trips table in one statement each, for the owner and for an admin', async () => {
    const points = straightTrack({ start: Date.parse('2026-05-03T16:00:00Z'), count: 30 });
    const trip = await api.create('leo.nakamura@skyline.test', { trip_name: 'Read once', points });
    // The new flight's analysis runs first: the job reads the flight too, and is no part of a request.
    await t.ctx.jobs.drain();
    const urls = ['', '/track', '/transcript', '/analysis', '/export/gpx'].map((part) => `/api/trips/${trip.trip_id}${part}`);
    for (const email of ['leo.nakamura@skyline.test', 'orgadmin@skyline.test']) {
      // A first request signs in and warms the session: the one measured asks only for the flight.
      await api.get(email, trip.trip_id);
      for (const url of urls) {
        let status = 0;
        const statements = await statementsOf(async () => (status = (await s.call(email, 'GET', url)).statusCode));
        expect(status, `${email} ${url}`).toBe(200);
        expect(statements.filter((text) => /from "trips"/.test(text)), `${email} ${url}`).toHaveLength(1);
      }
    }
  });
});
