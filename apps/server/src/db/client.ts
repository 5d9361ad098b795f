import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PGlite only: the data folder as a tarball, to start other databases from (tests). */
  dump?: () => Promise<Blob>;
};

/** `template`: a dumped data folder (PGlite `dumpDataDir`) to start from instead of an empty one. */
export type DatabaseTarget = { databaseUrl: string } | { dataDir: string } | { memory: true; template?: Blob };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite, and applies the migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('databaseUrl' in target) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    // An idle connection ended by the server (restart, failover, a dropped database) must not crash
    // the process: the pool opens a new one on next use.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = drizzlePg({ client: pool, schema });
    try {
      await migrateWithLock(pool, () => migratePg(db, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    client = await PGlite.create(target.dataDir);
  } else {
    client = await PGlite.create(target.template ? { loadDataDir: target.template } : {});
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') };
}

/** Several instances may start at once against one PostgreSQL: only one migrates at a time. */
async function migrateWithLock(pool: pg.Pool, run: () => Promise<void>): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock(7319001)');
    await run();
  } finally {
    await connection.query('select pg_advisory_unlock(7319001)').catch(() => undefined);
    connection.release();
  }
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
