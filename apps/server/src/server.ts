import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config/env.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { credentialLines, ensureAdmin, seedDemoSchool, type SeedResult } from './db/seed/seed.ts';

type Started = { close: () => Promise<void> };

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Skylog cannot start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  // A signal during start-up waits for it: stopping the embedded database in the middle of its first
  // initialization, a migration or the seeding would leave a folder the next start cannot open. One
  // Ctrl-C may arrive twice (node --watch passes it on to the terminal's process group), so only a
  // repeat a second or more later stops at once.
  let started: Started | undefined;
  let signalledAt: number | undefined;
  let starting: Promise<unknown> = Promise.resolve();
  const stop = async (signal: NodeJS.Signals) => {
    if (signalledAt !== undefined) {
      if (started || Date.now() - signalledAt < 1000) return;
      console.error(`${signal} received again: stopping at once`);
      process.exit(1);
    }
    signalledAt = Date.now();
    console.log(`${signal} received: closing${started ? '' : ' when start-up has finished (send it again to stop at once)'}`);
    // A start-up that fails reports it and exits on its own.
    await starting;
    await started?.close();
    process.exit(0);
  };
  // Listening before start-up begins: the database folder's lock appears at once, and a signal that came
  // before a listener would end the process the operating system's way, mid-initialization.
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
  starting = start(config, () => signalledAt !== undefined).then((value) => (started = value));
  await starting;
}

async function start(config: AppConfig, isStopping: () => boolean): Promise<Started> {
  let database: DatabaseHandle;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { databaseUrl: config.databaseUrl, migrationUrl: config.databaseMigrationUrl }
        : { dataDir: path.join(config.dataDir, 'pglite') },
    );
  } catch (error) {
    const where = config.databaseUrl ? `DATABASE_URL${config.databaseMigrationUrl ? ' and DATABASE_MIGRATION_URL' : ''}` : 'DATA_DIR';
    return cannotStart(`the database could not be opened (check ${where}).\n${(error as Error).message}`, async () => undefined);
  }

  const { app, ctx } = await buildApp({ config, database }).catch((error: unknown) => cannotStart(describe(error), database.close));
  const close = async () => {
    await app.close();
    await ctx.email.close();
    await database.close();
  };
  let seed: SeedResult = { seeded: false };
  let isAdminCreated = false;
  try {
    if (config.seed === 'demo') seed = await seedDemoSchool(database.db, config.demoPassword, {
        flights: ctx,
        credentialsFile: credentialsFileOf(config),
        authenticator: config.demoAuthenticatorKey ? { key: config.demoAuthenticatorKey, authSecret: config.authSecret } : undefined,
      });
    if (config.adminEmail && config.adminPassword) isAdminCreated = await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
  } catch (error) {
    return cannotStart(describe(error), close);
  }
  if (isStopping()) return { close };

  await app
    .listen({ port: config.port, host: config.host })
    .catch((error: Error) => cannotStart(`cannot listen on ${config.host}:${config.port} (check PORT and HOST).\n${error.message}`, close));
  printWelcome(config, database.kind, seed, isAdminCreated);
  return { close };
}

async function cannotStart(reason: string, close: () => Promise<void>): Promise<never> {
  console.error(`Skylog cannot start: ${reason}`);
  await close().catch(() => undefined);
  process.exit(1);
}

const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

function credentialsFileOf(config: AppConfig): string {
  return path.join(config.dataDir, 'demo-credentials.txt');
}

function printWelcome(config: AppConfig, databaseKind: string, seed: SeedResult, isAdminCreated: boolean) {
  const lines = [
    '',
    `Skylog is running: open ${config.appUrl}`,
    `Database: ${databaseKind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `E-mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `outbox folder ${path.join(config.dataDir, 'outbox')}`}`,
  ];
  const file = credentialsFileOf(config);
  if (seed.seeded) {
    lines.push(...credentialLines(seed.emails, seed.password, seed.isPasswordGenerated, seed.hasAuthenticator));
    if (seed.isPasswordGenerated) lines.push(`(These sign-in details are also saved in ${file}.)`);
  } else if (config.seed === 'demo') {
    lines.push(
      existsSync(file)
        ? `Demo data already present; its sign-in details are in ${file}.`
        : 'Demo data already present; sign in with the demo accounts and SKYLOG_DEMO_PASSWORD.',
    );
  }
  if (isAdminCreated) lines.push(`Created super_admin ${config.adminEmail} (ADMIN_EMAIL).`);
  console.log(lines.join('\n'));
}

void main();
