import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { catalogueCoupons } from './catalogue.ts';
import { startFakeStripeServer } from './fake-stripe-server.ts';

/**
 * Skylog with billing on, against the local Stripe server: starts it, then the Skylog server pointed at it.
 * Run from anywhere: node --import tsx apps/server/scripts/stripe-local/main.ts
 */

const apiKey = 'sk_test_skylog_local';
const webhookSecret = 'whsec_skylog_local';
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const fake = await startFakeStripeServer({
  apiKey,
  port: Number(process.env.STRIPE_LOCAL_PORT ?? 12111),
  webhook: { url: `http://127.0.0.1:${process.env.PORT ?? 3000}/api/billing/webhook`, secret: webhookSecret },
});

const coupons = catalogueCoupons.map((coupon) => `${coupon.id} (${coupon.name})`).join(', ');
console.log(`Stripe (local) at ${fake.url}, coupons: ${coupons}`);

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: repositoryRoot,
  stdio: 'inherit',
  env: { ...process.env, STRIPE_SECRET_KEY: apiKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: fake.url },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));

child.on('error', (error) => {
  console.error(`Skylog could not be started: ${error.message}`);
  process.exitCode = 1;
  void fake.close();
});

child.on('exit', (code, signal) => {
  void fake.close().then(() => process.exit(code ?? (signal ? 1 : 0)));
});
