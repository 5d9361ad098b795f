import type { Database } from './client.ts';

type Prepared<Params, Result> = { execute: (params: Params) => Promise<Result> };

/**
 * A query asked on most requests (the session's person, GET /api/me): built by drizzle once per database
 * instead of on every request, and on PostgreSQL prepared once per connection under `name`, so its
 * plan is kept too. Only for the database handle itself, not inside a transaction.
 */
export function preparedQuery<Params extends Record<string, unknown>, Result>(build: (db: Database) => Prepared<Params, Result>) {
  const byDatabase = new WeakMap<Database, Prepared<Params, Result>>();
  return (db: Database, params: Params): Promise<Result> => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared.execute(params);
  };
}
