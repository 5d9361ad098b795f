import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from './chromium.ts';
import { localOidcClient } from '../apps/server/test/support/oidc-client.ts';
import { demoAuthenticatorKey } from './demo-authenticator-key.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3199);
// The transcription provider (a local server speaking Deepgram's API) listens next to the app.
const deepgramPort = port + 1;
// Billing runs on a second Skylog with Stripe keys, against a local Stripe-compatible server, so the
// first one keeps billing off as `npm start` does.
const stripePort = port + 2;
const billingPort = port + 3;
// Two workers, each with its own Skylog and throw-away data folder (the app starts empty and seeds the
// demo school), so specs that change the school never meet: on two cores this halves the suite's time.
const workers = Number(process.env.E2E_WORKERS ?? 2);
// A real OpenID Connect provider for "Sign in with …" (its client id and secret are startOidcProvider's).
const oidcPort = port + 9;
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
const appPorts = Array.from({ length: workers }, (_, index) => (index === 0 ? port : billingPort + index));
const dataDirs = appPorts.map((_, index) => {
  const name = `E2E_DATA_DIR_${index}`;
  process.env[name] ??= mkdtempSync(path.join(tmpdir(), 'skylog-e2e-'));
  return process.env[name];
});
// Playwright loads this file again in each worker, with TEST_PARALLEL_INDEX set: the helpers read
// their worker's server and data folder from these two variables.
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const appUrl = `http://127.0.0.1:${appPorts[parallelIndex]}`;
process.env.E2E_APP_URL = appUrl;
process.env.E2E_DATA_DIR = dataDirs[parallelIndex];
const billingDataDir = process.env.E2E_BILLING_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'skylog-e2e-billing-'));
process.env.E2E_BILLING_DATA_DIR = billingDataDir;
process.env.E2E_BILLING_URL = `http://127.0.0.1:${billingPort}`;
process.env.E2E_STRIPE_URL = `http://127.0.0.1:${stripePort}`;

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers,
  // On CI a failed spec runs once more; one that then passes is listed as "flaky" in the output, to be
  // mended, not hidden (a browser journey on two busy cores can lose a race the product does not). Locally, none.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : 'list',
  use: {
    baseURL: appUrl,
    // A trace per test cost a sixth of the suite's time; E2E_TRACE=retain-on-failure brings it back.
    trace: process.env.E2E_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumExecutablePath, args: chromiumArgs },
  },
  webServer: [
    {
      command: `node --import tsx fake-providers.ts ${deepgramPort} ${stripePort} ${billingPort}`,
      cwd: here,
      port: deepgramPort,
      env: {
        E2E_OIDC_PORT: String(oidcPort),
        E2E_OIDC_REDIRECT_URIS: appPorts.map((appPort) => `http://127.0.0.1:${appPort}/api/auth/callback/oidc`).join(','),
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    // The built web app served by the real server, exactly as `npm start` runs it: one per worker.
    ...appPorts.map((appPort, index) => ({
      command: 'node --import tsx src/server.ts',
      cwd: path.join(here, '../apps/server'),
      url: `http://127.0.0.1:${appPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
      env: {
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDirs[index]!,
        SKYLOG_DEMO_PASSWORD: 'e2e-demo-password',
        SKYLOG_DEMO_AUTHENTICATOR_KEY: demoAuthenticatorKey,
        OIDC_ISSUER_URL: oidcIssuer,
        OIDC_CLIENT_ID: localOidcClient.clientId,
        OIDC_CLIENT_SECRET: localOidcClient.clientSecret,
        OIDC_NAME: 'Skyline SSO',
        LOG_LEVEL: 'warn',
        DEEPGRAM_API_KEY: 'e2e-deepgram-key',
        DEEPGRAM_BASE_URL: `http://127.0.0.1:${deepgramPort}`,
      },
    })),
    {
      command: 'node --import tsx src/server.ts',
      cwd: path.join(here, '../apps/server'),
      url: `http://127.0.0.1:${billingPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(billingPort),
        HOST: '127.0.0.1',
        DATA_DIR: billingDataDir,
        SKYLOG_SEED: 'none',
        LOG_LEVEL: 'warn',
        STRIPE_SECRET_KEY: 'sk_test_e2e_billing',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e_billing',
        STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
      },
    },
  ],
});
