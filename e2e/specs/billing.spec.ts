import { messages } from '@skylog/contracts';
import { expect, test, type Page } from '@playwright/test';
import { linkFrom, readLatestEmail } from './fixtures.ts';

/**
 * Billing end to end on the second Skylog of the run (Stripe keys set, STRIPE_API_URL at the local
 * Stripe-compatible server): a pricing link → registration → paid gate → /payment-preparing → Stripe's
 * hosted checkout → signed webhooks → /payment-success → the dashboard; the cancel path; the Billing screen.
 */
const billingUrl = process.env.E2E_BILLING_URL!;
const stripeUrl = process.env.E2E_STRIPE_URL!;
const password = 'billing-password-1';

test.use({ baseURL: billingUrl });

/** A school registered from a pricing link and confirmed; signing in is the next step. */
async function registerFromPricingLink(page: Page, school: string) {
  const email = `chief.${Date.now()}@${school.toLowerCase().replace(/\W+/g, '-')}.test`;
  await page.goto('/auth/user-registration?price_id=price_skylog_basic_monthly&cable_price=150&coupon=FLY10');
  await page.getByLabel('School name').fill(school);
  await page.getByLabel('Your name').fill(`Chief of ${school}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  // The link chose the plan; the form shows it.
  await expect(page.getByLabel('Plan')).toHaveValue('price_skylog_basic_monthly');
  await page.getByRole('button', { name: 'Register school' }).click();
  await expect(page.getByText(messages.schoolRegistrationAccepted)).toBeVisible();
  const mail = await readLatestEmail(email, process.env.E2E_BILLING_DATA_DIR);
  await page.goto(linkFrom(mail.text, '/auth/confirm?token='));
  await expect(page.getByText('Your e-mail address is confirmed. You can sign in now.')).toBeVisible();
  return email;
}

/** Signs in; the paid gate sends the unpaid admin through /payment-preparing to the checkout page. */
async function signInToCheckout(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${stripeUrl}/checkout/pay/**`);
}

const storedCheckout = (page: Page) =>
  page.evaluate(() => ['temporaryPriceId', 'temporaryOrgId', 'temporaryCablePrice', 'temporaryCoupon'].map((key) => window.localStorage.getItem(key)));

test('an unpaid school with a stored plan pays through Stripe checkout and lands on the dashboard; Billing lists the invoice', async ({ page }) => {
  const email = await registerFromPricingLink(page, 'Kestrel Flight School');
  // The gate's hand-off is a client-side navigation: every address the page passes through is kept.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(frame.url()));
  await signInToCheckout(page, email);
  const preparingUrl = new URL(visited.find((url) => url.includes('/payment-preparing?'))!);
  expect(Object.fromEntries(preparingUrl.searchParams)).toMatchObject({ price_id: 'price_skylog_basic_monthly', cable_price: '150', coupon: 'FLY10' });
  expect(preparingUrl.searchParams.get('org_id')).toMatch(/^[0-9a-f-]{36}$/);

  // Stripe's page shows the plan, the cable line and the coupon: (49 + 150) less 10 % = 179.10.
  await expect(page.getByText('Recorder cable')).toBeVisible();
  await expect(page.getByText('$179.10').first()).toBeVisible();
  await page.getByRole('button', { name: /Pay/ }).click();

  await page.waitForURL(/\/payment-success\?session_id=cs_/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  expect(await storedCheckout(page)).toEqual([null, null, null, null]);
  await page.getByRole('link', { name: 'Open the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  // A new admin completes the profile first (spec §4); the dashboard is behind it, not the checkout.
  await expect(page.getByRole('dialog')).toBeVisible();

  await page.goto('/configuration/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByText('Active').first()).toBeVisible();
  const invoices = page.getByRole('table');
  await expect(invoices.getByRole('row')).toHaveCount(2);
  await expect(invoices.getByText('$179.10')).toBeVisible();
  await expect(invoices.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', new RegExp(`^${stripeUrl}/invoices/in_.+/pdf$`));
});

test('canceling on Stripe checkout takes nothing and leads back: try again, or choose another plan on Billing', async ({ page }) => {
  const email = await registerFromPricingLink(page, 'Harrier Aero Club');
  await signInToCheckout(page, email);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/payment-cancel$/);
  await expect(page.getByRole('heading', { name: 'Payment canceled' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', /\/payment-preparing\?price_id=price_skylog_basic_monthly&org_id=.+&cable_price=150&coupon=FLY10$/);

  await page.getByRole('link', { name: 'Choose another plan' }).click();
  await expect(page).toHaveURL(/\/configuration\/billing$/);
  await expect(page.getByText('No plan yet')).toBeVisible();
  expect(await storedCheckout(page)).toEqual([null, null, null, null]);
});

test('a school whose subscription Stripe deleted is unpaid at once; a pricing link then sends its admin to checkout on the next navigation', async ({ page }) => {
  const email = await registerFromPricingLink(page, 'Osprey Aviation');
  await signInToCheckout(page, email);
  await page.getByRole('button', { name: /Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  const billing = (await (await page.request.get('/api/billing')).json()) as { org_id: string; subscription: { id: string } };

  // Stripe ends the subscription (as after the last failed retry): its signed webhook reaches Skylog.
  const deleted = await page.request.delete(`${stripeUrl}/v1/subscriptions/${billing.subscription.id}`, { headers: { authorization: 'Bearer sk_test_e2e_billing' } });
  expect(deleted.status()).toBe(200);
  await expect.poll(async () => ((await (await page.request.get('/api/me')).json()) as { is_paid: boolean }).is_paid).toBe(false);

  // A pricing link stores the plan and organization; the paid gate acts on the next navigation.
  await page.goto(`/login?price_id=price_skylog_pro_monthly&org_id=${billing.org_id}`);
  await page.waitForURL(`${stripeUrl}/checkout/pay/**`);
  await expect(page.getByText('Skylog Pro')).toBeVisible();
});
