import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { seedDemoSchool } from '../src/db/seed/seed.ts';
import { readOutbox } from '../src/integrations/email/outbox-sender.ts';
import type { AppContext } from '../src/lib/app-context.ts';

export const demoPassword = 'test-demo-password';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  databaseKind: 'pglite' | 'postgres';
  /** Signs in through the real better-auth endpoint and answers the Cookie header to send. */
  signIn: (email: string, password?: string) => Promise<string>;
  /** Injects a request, as the given session cookie when one is passed. */
  request: (options: InjectOptions & { cookie?: string }) => Promise<LightMyRequestResponse>;
  outbox: () => ReturnType<typeof readOutbox>;
  close: () => Promise<void>;
};

/**
 * A fresh app on a fresh database: in-memory PGlite by default, or a newly created PostgreSQL
 * database when the suite runs with SKYLOG_TEST_DB=postgres (TEST_DATABASE_URL points at the server).
 */
export async function createTestApp(options: { seed?: boolean } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skylog-test-'));
  const { handle, dropDatabase } = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    SKYLOG_AUTH_SECRET: randomBytes(32).toString('hex'),
  });
  if (options.seed ?? true) await seedDemoSchool(handle.db, demoPassword);
  const { app, ctx } = await buildApp({ config, db: handle.db });
  await app.ready();

  const request: TestApp['request'] = ({ cookie, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  return {
    app,
    ctx,
    dataDir,
    databaseKind: handle.kind,
    request,
    async signIn(email, password = demoPassword) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
      return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    },
    outbox: () => readOutbox(path.join(dataDir, 'outbox')),
    async close() {
      await app.close();
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; dropDatabase: () => Promise<void> }> {
  if (process.env.SKYLOG_TEST_DB !== 'postgres') return { handle: await openDatabase({ memory: true }), dropDatabase: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('SKYLOG_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `skylog_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    async dropDatabase() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
