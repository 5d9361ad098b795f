/**
 * The providers of the end-to-end run: a local server that speaks Deepgram's pre-recorded API
 * (apps/server/test/support), reached through the real Deepgram SDK; and, when given its ports, the local
 * Stripe-compatible server (apps/server/scripts/stripe-local) that the billing app reaches through the
 * real stripe SDK and whose checkout page posts signed webhooks back to it.
 * Usage: node --import tsx e2e/fake-providers.ts <deepgram port> [<stripe port> <billing app port>]
 * With E2E_OIDC_PORT and E2E_OIDC_REDIRECT_URIS (comma-separated) it also starts a real OpenID Connect
 * provider (oidc-provider, apps/server/test/support) whose login page takes any e-mail as the login.
 */
import { startFakeStripeServer } from '../apps/server/scripts/stripe-local/fake-stripe-server.ts';
import { startFakeDeepgramServer } from '../apps/server/test/support/fake-deepgram-server.ts';
import { startOidcProvider } from '../apps/server/test/support/oidc-provider.ts';

const [port, stripePort, billingAppPort] = process.argv.slice(2).map(Number);
if (!port || !Number.isInteger(port) || port <= 0) throw new Error('usage: fake-providers.ts <port> [<stripe port> <billing app port>]');
if (stripePort && billingAppPort) {
  await startFakeStripeServer({
    apiKey: 'sk_test_e2e_billing',
    port: stripePort,
    webhook: { url: `http://127.0.0.1:${billingAppPort}/api/billing/webhook`, secret: 'whsec_e2e_billing' },
  });
  process.stdout.write(`local Stripe on http://127.0.0.1:${stripePort}\n`);
}
if (process.env.E2E_OIDC_PORT) {
  const oidc = await startOidcProvider({
    port: Number(process.env.E2E_OIDC_PORT),
    redirectUris: (process.env.E2E_OIDC_REDIRECT_URIS ?? '').split(','),
    isAnyLoginAnEmail: true,
  });
  process.stdout.write(`local OpenID Connect provider on ${oidc.issuer}\n`);
}
// Started last: Playwright waits for this port, so the Stripe server is up by then too.
await startFakeDeepgramServer({ apiKey: 'e2e-deepgram-key', port });
process.stdout.write(`fake Deepgram on http://127.0.0.1:${port}\n`);
