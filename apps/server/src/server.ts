import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config/env.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { seedDemoTrips } from './db/seed/seed-demo-trips.ts';
import { ensureAdmin, seedDemoSchool, type SeedResult } from './db/seed/seed.ts';

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

  let database: DatabaseHandle;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { databaseUrl: config.databaseUrl, migrationUrl: config.databaseMigrationUrl }
        : { dataDir: path.join(config.dataDir, 'pglite') },
    );
  } catch (error) {
    const where = config.databaseUrl ? `DATABASE_URL${config.databaseMigrationUrl ? ' and DATABASE_MIGRATION_URL' : ''}` : 'DATA_DIR';
    console.error(`Skylog cannot start: the database could not be opened (check ${where}).\n${(error as Error).message}`);
    process.exit(1);
  }

  const seed: SeedResult = config.seed === 'demo' ? await seedDemoSchool(database.db, config.demoPassword) : { seeded: false };
  const isAdminCreated = config.adminEmail && config.adminPassword ? await ensureAdmin(database.db, config.adminEmail, config.adminPassword) : false;

  const { app, ctx } = await buildApp({ config, database });
  if (seed.seeded) await seedDemoTrips(ctx);
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received: closing`);
    await app.close();
    await ctx.email.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    console.error(`Skylog cannot start: cannot listen on ${config.host}:${config.port} (check PORT and HOST).\n${(error as Error).message}`);
    await database.close();
    process.exit(1);
  }
  printWelcome(config, database.kind, seed, isAdminCreated);
}

function printWelcome(config: AppConfig, databaseKind: string, seed: SeedResult, isAdminCreated: boolean) {
  const lines = [
    '',
    `Skylog is running: open ${config.appUrl}`,
    `Database: ${databaseKind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `E-mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `outbox folder ${path.join(config.dataDir, 'outbox')}`}`,
  ];
  if (seed.seeded) {
    const credentials = [
      'Demo school "Skyline Flight Academy": sign in with any of these accounts',
      ...seed.emails.map((email) => `  ${email}`),
      `Password for all of them: ${seed.password}${seed.isPasswordGenerated ? ' (generated; set SKYLOG_DEMO_PASSWORD to choose one)' : ''}`,
    ];
    lines.push(...credentials);
    if (seed.isPasswordGenerated) {
      const file = path.join(config.dataDir, 'demo-credentials.txt');
      writeFileSync(file, `${credentials.join('\n')}\n`, { mode: 0o600 });
      lines.push(`(These sign-in details are also saved in ${file}.)`);
    }
  } else if (config.seed === 'demo') {
    const file = path.join(config.dataDir, 'demo-credentials.txt');
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
