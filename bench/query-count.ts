import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

type Queryable = { query: (...args: never[]) => unknown };

/**
 * Counts the statements the server sends to its database: every `query` of a node-postgres connection
 * (pooled or not) and of PGlite. For the bench only: it wraps the drivers' prototypes in this process.
 */
export function startCountingQueries(): () => number {
  let count = 0;
  for (const prototype of [pg.Client.prototype, PGlite.prototype] as unknown as Queryable[]) {
    const original = prototype.query;
    prototype.query = function (this: unknown, ...args: never[]) {
      count += 1;
      return original.apply(this, args);
    };
  }
  return () => count;
}
