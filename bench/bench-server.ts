import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { seedDemoSchool } from '../apps/server/src/db/seed/seed.ts';
import { seedDemoTrips } from '../apps/server/src/db/seed/seed-demo-trips.ts';

export const benchPassword = 'bench-password';

export type BenchServer = {
  address: string;
  database: DatabaseHandle;
  /** The origin the server trusts for state changes (the cross-site check). */
  origin: string;
  signIn: (email: string) => Promise<Response>;
  cookieOf: (email: string) => Promise<string>;
  close: () => Promise<void>;
};

/** The demo school's pattern work at Palo Alto, a flight with its track, audio and transcript, as `cookie`'s reader lists it. */
export async function findPatternWork(server: BenchServer, cookie: string): Promise<{ trip_id: string; trip_name: string }> {
  const trips = (await (await fetch(`${server.address}/api/trips?page_size=10`, { headers: { cookie } })).json()) as {
    items: { trip_id: string; trip_name: string }[];
  };
  return trips.items.find((trip) => trip.trip_name.startsWith('Pattern work')) ?? trips.items[0]!;
}

/**
 * The real server on a fresh database with the demo school, listening on a loopback port.
 * `webDistDir` serves that build of the web app (default: apps/web/dist when it exists).
 */
export async function startServer({ webDistDir, withDemoTrips = false }: { webDistDir?: string; withDemoTrips?: boolean } = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skylog-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SKYLOG_AUTH_SECRET: randomBytes(32).toString('hex'),
    PORT: '0',
    WEB_DIST_DIR: webDistDir,
  });
  const postgres = process.env.BENCH_DATABASE_URL ? await createPostgresDatabase(process.env.BENCH_DATABASE_URL) : null;
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: path.join(dataDir, 'pglite') });
  await seedDemoSchool(database.db, benchPassword);
  const { app, ctx } = await buildApp({ config, database });
  // The demo school's three flights (tracks, transcripts, audio), as `npm start` seeds them.
  if (withDemoTrips) {
    await seedDemoTrips(ctx, ctx.db);
    // Their audio and analysis jobs finish first, so they do not share the measured time.
    await ctx.jobs.drain();
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = (email: string) =>
    fetch(`${address}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: config.appUrl },
      body: JSON.stringify({ email, password: benchPassword }),
    });
  return {
    address,
    origin: config.appUrl,
    database,
    signIn,
    cookieOf: async (email) =>
      (await signIn(email)).headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; '),
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(adminUrl: string) {
  const name = `skylog_bench_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
