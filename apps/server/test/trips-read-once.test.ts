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
 * The flight screen's read (GET /api/trips/:id) reads the flight once: the decision who may see it and its
 * answer come from the same statement (ARCHITECTURE.md, Access), not one read for each.
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

  it('GET /api/trips/:id reads the trips table in one statement, for its owner and for an admin', async () => {
    const points = straightTrack({ start: Date.parse('2026-05-03T16:00:00Z'), count: 30 });
    const trip = await api.create('leo.nakamura@skyline.test', { trip_name: 'Read once', points });
    for (const email of ['leo.nakamura@skyline.test', 'orgadmin@skyline.test']) {
      // A first request signs in and warms the session: the one measured asks only for the flight.
      await api.get(email, trip.trip_id);
      const statements = await statementsOf(() => api.get(email, trip.trip_id));
      expect(statements.filter((text) => /from "trips"/.test(text)), email).toHaveLength(1);
    }
  });
});
