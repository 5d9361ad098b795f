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
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed.ts';
import { openPgliteFolder } from './pglite-folder.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Notifications from the database (cache invalidation across instances). */
  changes: ChangeFeed;
  close: () => Promise<void>;
  /** PGlite only: the data folder as a tarball, to start other databases from (tests). */
  dump?: () => Promise<Blob>;
};

/**
 * `migrationUrl`: migrate as that role (the tables' owner) and grant `databaseUrl`'s role only what the
 * app needs. `template`: a dumped data folder (PGlite `dumpDataDir`) to start from instead of an empty one.
 */
export type DatabaseTarget = { databaseUrl: string; migrationUrl?: string } | { dataDir: string } | { memory: true; template?: Blob };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite, and applies the migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('databaseUrl' in target) {
    const pool = createPool(target.databaseUrl, 10);
    const db = drizzlePg({ client: pool, schema });
    try {
      if (target.migrationUrl) await migrateAsOwner(target.migrationUrl, pool);
      else await migrateWithLock(pool, () => migratePg(db, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, kind: 'postgres', changes: postgresChangeFeed(target.databaseUrl), close: () => pool.end() };
  }
  const { client, release } =
    'dataDir' in target
      ? await openPgliteFolder(target.dataDir)
      : { client: await PGlite.create(target.template ? { loadDataDir: target.template } : {}), release: () => undefined };
  const close = async () => {
    await client.close();
    release();
  };
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    changes: pgliteChangeFeed(client),
    close,
    dump: () => client.dumpDataDir('none'),
  };
}

function createPool(connectionString: string, max: number): pg.Pool {
  // A connection that never completes (a database restarting or failing over) fails its request after
  // this long instead of holding it, and the pool's shutdown, forever.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000 });
  // An idle connection ended by the server (restart, failover, a dropped database) must not crash
  // the process: the pool opens a new one on next use.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  // A connection ended while checked out but between queries (a transaction doing its own work) emits
  // 'error' with nobody listening, which would end the process. Its next query fails instead, and the
  // pool drops it on release (it is no longer queryable).
  pool.on('connect', (client) => client.on('error', (error) => console.warn(`PostgreSQL closed a connection in use: ${error.message}`)));
  return pool;
}

/** Several instances may start at once against one PostgreSQL: only one migrates at a time. */
async function migrateWithLock(pool: pg.Pool, run: (connection: pg.PoolClient) => Promise<void>): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock(7319001)');
    await run(connection);
  } finally {
    await connection.query('select pg_advisory_unlock(7319001)').catch(() => undefined);
    connection.release();
  }
}

/**
 * A table's owner (and a superuser) can switch the audit log's triggers off, so with a migration URL the
 * app's role owns nothing: the owner migrates, then grants it rows only, and on audit_log and the logbook's
 * signature chain only SELECT and INSERT. Granted again after every start (new tables), under the migration lock (concurrent GRANTs on
 * one object fail). The drizzle schema with the migration journal stays the owner's alone.
 */
async function migrateAsOwner(migrationUrl: string, runtimePool: pg.Pool): Promise<void> {
  const { rows } = await runtimePool.query<{ role: string }>('select current_user as role');
  const runtimeRole = rows[0]!.role;
  const ownerPool = createPool(migrationUrl, 1);
  try {
    await migrateWithLock(ownerPool, async (connection) => {
      await migratePg(drizzlePg({ client: connection }), { migrationsFolder });
      await assertOwnsNothing(connection, runtimeRole);
      const role = connection.escapeIdentifier(runtimeRole);
      // One simple query is one transaction: the app never sees the grants half applied.
      await connection.query(`
        revoke all on all tables in schema public from ${role};
        revoke all on all sequences in schema public from ${role};
        grant usage on schema public to ${role};
        grant select, insert, update, delete on all tables in schema public to ${role};
        revoke update, delete, truncate on public.audit_log from ${role};
        revoke update, delete, truncate on public.logbook_chain from ${role};
        grant usage, select on all sequences in schema public to ${role};
      `);
    });
  } finally {
    await ownerPool.end();
  }
}

/**
 * The owner of the database or of schema public may drop audit_log, the owner of a table may alter it:
 * refuse to start when the app's role has any of those rights (being a superuser gives them all).
 * This also stops the owner revoking its own rights when both URLs name one role.
 */
async function assertOwnsNothing(owner: pg.PoolClient, runtimeRole: string): Promise<void> {
  const { rows } = await owner.query<{ isOwner: boolean }>(
    `select pg_has_role($1, (select datdba from pg_database where datname = current_database()), 'MEMBER')
         or pg_has_role($1, (select nspowner from pg_namespace where nspname = 'public'), 'MEMBER')
         or exists (select from pg_class where relnamespace = 'public'::regnamespace and pg_has_role($1, relowner, 'MEMBER'))
         as "isOwner"`,
    [runtimeRole],
  );
  if (rows[0]!.isOwner) {
    throw new Error(
      `the DATABASE_URL role "${runtimeRole}" owns the database, schema public or a table in it (or is a superuser or a member of their owner); ` +
        'connect DATABASE_URL as a role that owns nothing (docs/operations.md, Database roles)',
    );
  }
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
