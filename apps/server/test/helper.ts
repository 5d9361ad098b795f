import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountMessages } from '@skylog/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config/env.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { seedDemoSchool } from '../src/db/seed/seed.ts';
import type { EmailSender } from '../src/integrations/email/index.ts';
import { readOutbox } from '../src/integrations/email/outbox-sender.ts';
import { freshCodes } from './support/totp.ts';
import type { AppContext } from '../src/lib/app-context.ts';

export const demoPassword = 'test-demo-password';

/** The demo super admin's authenticator key: super admins sign in with a second step (docs/product.md "Sign-in and second step"). */
export const demoAuthenticatorKey = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The origin the test app runs at (APP_URL); better-auth trusts it for state-changing auth calls. */
export const appOrigin = 'http://localhost:3000';

let clientIpCounter = 0;
/**
 * A client address not used before in this worker. Failed sign-ins are counted per address, so
 * every helper sign-in comes from its own address and tests cannot trip each other's limits.
 */
export function nextClientIp(): string {
  clientIpCounter += 1;
  return `10.${(clientIpCounter >> 16) & 255}.${(clientIpCounter >> 8) & 255}.${clientIpCounter & 255}`;
}

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  databaseKind: 'pglite' | 'postgres';
  /**
   * Signs in through the real better-auth endpoints and answers the Cookie header to send; an account with
   * an authenticator app (the demo super admin, or one given to `rememberAuthenticator`) passes its second step.
   */
  signIn: (email: string, password?: string) => Promise<string>;
  rememberAuthenticator: (email: string, key: string) => void;
  /** Injects a request, as the given session cookie when one is passed. */
  request: (options: InjectOptions & { cookie?: string }) => Promise<LightMyRequestResponse>;
  /** The mail sent so far, once what requests handed over to go out after their answers has gone. */
  outbox: () => ReturnType<typeof readOutbox>;
  /**
   * Another Skylog instance on the same database with the same configuration, as a second machine
   * behind a load balancer (on PostgreSQL it has its own connections; PGlite is shared in-process).
   * Closed with this app.
   */
  anotherInstance: () => Promise<TestApp>;
  close: () => Promise<void>;
};

/**
 * A fresh app on a fresh database: in-memory PGlite by default, or a newly created PostgreSQL
 * database when the suite runs with SKYLOG_TEST_DB=postgres (TEST_DATABASE_URL points at the server).
 * `email` sends mail instead of the outbox folder (a test that holds mail back).
 */
export async function createTestApp(options: { seed?: boolean; env?: Record<string, string>; email?: EmailSender } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skylog-test-'));
  const { handle, dropDatabase, databaseUrl } = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    // TEST_LOG_LEVEL=error shows the server's own log while debugging a failing test.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SKYLOG_AUTH_SECRET: randomBytes(32).toString('hex'),
    ...options.env,
  });
  if (options.seed ?? true) await seedDemoSchool(handle.db, demoPassword, { authenticator: { key: demoAuthenticatorKey, authSecret: config.authSecret } });
  const others: TestApp[] = [];
  const main = await instanceOn(config, handle, dataDir, options.email, async () => {
    for (const other of others) await other.close();
    await handle.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });
  main.anotherInstance = async () => {
    const ownHandle = databaseUrl ? await openDatabase({ databaseUrl }) : null;
    const other = await instanceOn(config, ownHandle ?? handle, dataDir, options.email, async () => void (await ownHandle?.close()));
    others.push(other);
    return other;
  };
  return main;
}

async function instanceOn(config: AppConfig, handle: DatabaseHandle, dataDir: string, email: EmailSender | undefined, onClose: () => Promise<void>): Promise<TestApp> {
  const { app, ctx } = await buildApp({ config, database: handle, ...(email ? { email } : {}) });
  await app.ready();

  // As the web app's pages send them: a request names Skylog's own origin (the cross-site check)
  // unless the test sets another, or `origin: undefined` to send none.
  const request: TestApp['request'] = ({ cookie, headers, ...rest }) => {
    const merged: Record<string, string | string[] | number | undefined> = { origin: appOrigin, ...headers, ...(cookie ? { cookie } : {}) };
    const sent = Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string | string[] | number] => entry[1] !== undefined));
    return app.inject({ ...rest, headers: sent });
  };

  const authenticatorKeys = new Map([['superadmin@skyline.test', demoAuthenticatorKey]]);

  /** An authenticator code not used yet: each is taken once, so a quick second sign-in uses the next step's. */
  async function passSecondStep(email: string, challengeCookie: string): Promise<string> {
    const key = authenticatorKeys.get(email);
    if (!key) throw new Error(`sign-in of ${email} asks for a second step: give its key to rememberAuthenticator`);
    for await (const code of freshCodes(key)) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        headers: { origin: appOrigin, cookie: challengeCookie },
        payload: { code },
        remoteAddress: nextClientIp(),
      });
      if (response.statusCode === 200) return cookiesOf(response);
      if (response.json().message !== accountMessages.twoFactorCodeReused) throw new Error(`second step of ${email} failed: ${response.statusCode} ${response.body}`);
    }
    throw new Error('unreachable: fresh codes never run out');
  }

  return {
    app,
    ctx,
    dataDir,
    databaseKind: handle.kind,
    request,
    async signIn(email, password = demoPassword) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: appOrigin },
        payload: { email, password },
        remoteAddress: nextClientIp(),
      });
      if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
      if (response.json().twoFactorRedirect) return passSecondStep(email.toLowerCase(), cookiesOf(response));
      return cookiesOf(response);
    },
    rememberAuthenticator: (email, key) => void authenticatorKeys.set(email.toLowerCase(), key),
    async outbox() {
      await ctx.background.settled();
      return readOutbox(path.join(dataDir, 'outbox'));
    },
    anotherInstance: () => Promise.reject(new Error('ask the first instance for another')),
    async close() {
      await app.close();
      await onClose();
    },
  };
}

const migrationsFolder = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

/**
 * A migrated, empty PGlite data folder shared by every test file of a run: creating and migrating
 * one costs seconds, loading its dump a fraction of that. Keyed by the migrations' contents, written
 * atomically (two workers may race to make it).
 */
async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (statSync(file).isFile()) hash.update(name).update(readFileSync(file));
  }
  const templateFile = path.join(tmpdir(), `skylog-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (!existsSync(templateFile)) {
    const handle = await openDatabase({ memory: true });
    const dump = Buffer.from(await (await handle.dump!()).arrayBuffer());
    await handle.close();
    const partial = `${templateFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, dump);
    renameSync(partial, templateFile);
  }
  return new Blob([readFileSync(templateFile)]);
}

/** `databaseUrl`: PostgreSQL only, for another process to open the same database. */
export async function openTestDatabase(): Promise<{ handle: DatabaseHandle; dropDatabase: () => Promise<void>; databaseUrl?: string }> {
  if (process.env.SKYLOG_TEST_DB !== 'postgres') {
    return { handle: await openDatabase({ memory: true, template: await pgliteTemplate() }), dropDatabase: async () => {} };
  }
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
    databaseUrl: url.toString(),
    async dropDatabase() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The Cookie header a browser sends after this response: the cookies it set (those it cleared left out). */
export function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((cookie) => cookie.value)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

/** The token of the newest outbox e-mail to `to` that links to `linkPath` (e.g. '/auth/confirm'), from the query parameter `param`. */
export async function tokenFromOutbox(t: Pick<TestApp, 'outbox'>, to: string, linkPath: string, param = 'token'): Promise<string> {
  const link = `${linkPath}?${param}=`;
  const mail = (await t.outbox()).filter((entry) => entry.to === to && entry.text.includes(link)).at(-1);
  if (!mail) throw new Error(`no e-mail to ${to} links to ${link}`);
  const match = /=([^\s&]+)/.exec(mail.text.slice(mail.text.indexOf(link)));
  return decodeURIComponent(match![1]!);
}

/** The skylog_id of the account with this e-mail, read from the database. */
export async function skylogIdOf(t: Pick<TestApp, 'ctx'>, email: string): Promise<string> {
  const [row] = await t.ctx.db
    .select({ id: users.skylogId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Rows of a raw SQL statement, on either database. */
export async function query<T = Record<string, unknown>>(t: Pick<TestApp, 'ctx'>, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.ctx.db.execute(statement)) as unknown as { rows: T[] }).rows;
}
