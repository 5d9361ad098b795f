import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { seedDemoSchool } from '../src/db/seed/seed.ts';
import { appOrigin, demoPassword, nextClientIp } from './helper.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe('DATABASE_MIGRATION_URL configuration', () => {
  it('is refused without DATABASE_URL, the role the app runs as', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'skylog-roles-'));
    try {
      const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env });
      expect(load({ DATABASE_MIGRATION_URL: 'postgres://owner@db/skylog' })).toThrow(ConfigError);
      expect(load({ DATABASE_MIGRATION_URL: 'postgres://owner@db/skylog' })).toThrow('DATABASE_MIGRATION_URL: needs DATABASE_URL');
      expect(load({ DATABASE_URL: 'postgres://app@db/skylog', DATABASE_MIGRATION_URL: 'mysql://owner@db/skylog' })).toThrow(
        'DATABASE_MIGRATION_URL: must be a postgres:// or postgresql:// URL',
      );
      expect(load({ DATABASE_URL: 'postgres://app@db/skylog' })().databaseMigrationUrl).toBeUndefined();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// PostgreSQL only: PGlite is one embedded user with no roles or privileges to separate.
describe.skipIf(!adminUrl)('the app running as a role that owns nothing (DATABASE_MIGRATION_URL)', () => {
  const suffix = `${Date.now()}_${randomBytes(4).toString('hex')}`;
  const databaseName = `skylog_roles_${suffix}`;
  const runtimeRole = `skylog_app_${suffix}`;
  /** The test database as `user`, or as TEST_DATABASE_URL's (super)user, the owner, when none is given. */
  const urlOf = (user?: string) => {
    const url = new URL(adminUrl!);
    if (user) [url.username, url.password] = [user, ''];
    url.pathname = `/${databaseName}`;
    return url.toString();
  };
  const ownerUrl = () => urlOf();
  const runAsAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let dataDir: string;
  /** A plain connection as the runtime role, as an attacker holding the app's credentials has. */
  let runtime: pg.Client;
  let owner: pg.Client;
  const auditRows = async () => Number((await owner.query<{ n: string }>('select count(*) as n from audit_log')).rows[0]!.n);

  beforeAll(async () => {
    await runAsAdmin(`create database ${databaseName}`);
    // Trust authentication: the role needs no password. NOSUPERUSER and no ownership is the point.
    await runAsAdmin(`create role ${runtimeRole} login nosuperuser nocreatedb nocreaterole`);
    handle = await openDatabase({ databaseUrl: urlOf(runtimeRole), migrationUrl: ownerUrl() });
    dataDir = mkdtempSync(path.join(tmpdir(), 'skylog-roles-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_URL: appOrigin,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SKYLOG_AUTH_SECRET: randomBytes(32).toString('hex'),
    });
    await seedDemoSchool(handle.db, demoPassword);
    ({ app } = await buildApp({ config, database: handle }));
    await app.ready();
    runtime = new pg.Client({ connectionString: urlOf(runtimeRole) });
    await runtime.connect();
    owner = new pg.Client({ connectionString: ownerUrl() });
    await owner.connect();
  });

  afterAll(async () => {
    await runtime?.end();
    await owner?.end();
    await app?.close();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await runAsAdmin(`drop database if exists ${databaseName} with (force)`);
    await runAsAdmin(`drop role if exists ${runtimeRole}`);
  });

  it('serves sign-in, /api/me and audited actions as the runtime role', async () => {
    const before = await auditRows();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: appOrigin },
      payload: { email: 'student@skyline.test', password: demoPassword },
      remoteAddress: nextClientIp(),
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { origin: appOrigin, cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('student@skyline.test');
    // A student may not read the audit log: the denial is audited too.
    const denied = await app.inject({ method: 'GET', url: '/api/audit-log', headers: { origin: appOrigin, cookie } });
    expect(denied.statusCode).toBe(403);
    const { rows } = await owner.query<{ action: string }>('select action from audit_log order by id desc limit 2');
    expect(await auditRows()).toBe(before + 2);
    expect(rows.map((row) => row.action)).toContain('auth.sign-in');
  });

  it('runs the app pool as the runtime role, which cannot see the migration journal', async () => {
    const { rows } = await runtime.query<{ role: string; isSuperuser: string }>(
      'select current_user as role, current_setting(\'is_superuser\') as "isSuperuser"',
    );
    expect(rows[0]).toEqual({ role: runtimeRole, isSuperuser: 'off' });
    await expect(runtime.query('select * from drizzle.__drizzle_migrations')).rejects.toMatchObject({ code: '42501' });
  });

  it.each([
    ["update audit_log set action = 'tampered'"],
    ['delete from audit_log'],
    ['truncate audit_log'],
    ['alter table audit_log disable trigger all'],
    ['set session_replication_role = replica'],
    ['drop table audit_log'],
    ['create table skylog_intruder (id int)'],
    ['alter table users add column intruder int'],
  ])('refuses the runtime role: %s', async (statement) => {
    const before = await auditRows();
    expect(before).toBeGreaterThan(0);
    await expect(runtime.query(statement)).rejects.toMatchObject({ code: '42501' });
    expect(await auditRows()).toBe(before);
  });

  it('grants the same again on every start, including tables added since', async () => {
    const privileges = async (table: string) =>
      (
        await owner.query<{ privilege: string }>(
          'select privilege_type as privilege from information_schema.table_privileges where grantee = $1 and table_name = $2 order by 1',
          [runtimeRole, table],
        )
      ).rows.map((row) => row.privilege);
    await owner.query('create table skylog_later (id bigserial primary key)');
    const again = await openDatabase({ databaseUrl: urlOf(runtimeRole), migrationUrl: ownerUrl() });
    await again.close();
    expect(await privileges('audit_log')).toEqual(['INSERT', 'SELECT']);
    expect(await privileges('users')).toEqual(['DELETE', 'INSERT', 'SELECT', 'UPDATE']);
    await expect(runtime.query('insert into skylog_later default values')).resolves.toMatchObject({ rowCount: 1 });
  });

  it('refuses to start when the DATABASE_URL role could alter the tables, before granting anything', async () => {
    await expect(openDatabase({ databaseUrl: ownerUrl(), migrationUrl: ownerUrl() })).rejects.toThrow(
      'owns the database, schema public or a table in it',
    );
    expect(await auditRows()).toBeGreaterThan(0);
  });
});
