import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'skylog-env-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('runs on the embedded defaults with nothing configured', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.appUrl).toBe('http://127.0.0.1:3000');
    expect(config.trustedOrigins).toContain('http://localhost:3000');
    expect(config.seed).toBe('demo');
    // The local secret is generated once, kept private, and reused on the next start.
    const secretFile = path.join(dataDir, 'auth-secret');
    expect(readFileSync(secretFile, 'utf8')).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a port number'],
    [{ DATABASE_URL: 'mysql://localhost/skylog' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ SKYLOG_SEED: 'everything' }, 'SKYLOG_SEED: must be demo or none'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ ADMIN_EMAIL: 'admin@skyline.test' }, 'ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together'],
    [{ NODE_ENV: 'production' }, 'SKYLOG_AUTH_SECRET: required when NODE_ENV=production'],
    [{ SKYLOG_AUTH_SECRET: 'short' }, 'SKYLOG_AUTH_SECRET: must be at least 32 characters'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together'],
    [{ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, 'STRIPE_SECRET_KEY: must be a Stripe secret or restricted key'],
    [{ SMS_ACCOUNT_SID: 'AC123', SMS_AUTH_TOKEN: 'token' }, 'SMS_FROM: SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM must be set together'],
    [{ SMS_ACCOUNT_SID: 'AC123', SMS_AUTH_TOKEN: 'token', SMS_FROM: '07700 900123' }, 'SMS_FROM: must be the sending phone number in E.164'],
    [{ STORAGE: 'nfs' }, 'STORAGE: must be local or s3'],
    [{ STORAGE: 's3' }, 'S3_BUCKET: required when STORAGE=s3'],
    [{ STORAGE: 's3', S3_BUCKET: 'Skylog_Files' }, 'S3_BUCKET: must be a bucket name'],
    [{ STORAGE: 's3', S3_BUCKET: 'skylog-files', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be the URL of an S3-compatible service'],
    [{ STORAGE: 's3', S3_BUCKET: 'skylog-files', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'],
  ])('stops start-up naming the variable: %o', (env, message) => {
    const load = () => loadConfig({ DATA_DIR: tempDir(), ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  it('keeps files in the local folder unless STORAGE=s3 names a bucket', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'skylog-files' }).s3).toBeUndefined();
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STORAGE: 's3',
      S3_BUCKET: 'skylog-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({ endpoint: 'http://minio:9000', bucket: 'skylog-files', region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret' });
  });

  it('uses APP_URL as the only trusted origin when it is set', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://skylog.example.com/' });
    expect(config.appUrl).toBe('https://skylog.example.com');
    expect(config.trustedOrigins).toEqual(['https://skylog.example.com']);
  });
});
