import { messages } from '@skylog/contracts';
import { expect, test, type Browser, type Page } from '@playwright/test';
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
  // A new admin completes the profile first (docs/product.md "Profile"); the dashboard is behind it, not the checkout.
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

/** Another browser (no storage, no cookies of the first): what a school owner who registered elsewhere meets. */
async function signInElsewhere(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: billingUrl });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  return { page, close: () => context.close() };
}

test('the server holds an unpaid school from any browser: its admin lands on Billing with the plan chosen at registration, pays, then reaches the flights', async ({ page, browser }) => {
  const email = await registerFromPricingLink(page, 'Merlin Flight Academy');
  const elsewhere = await signInElsewhere(browser, email);
  const other = elsewhere.page;
  try {
    // Nothing in this browser's storage: the hold is the server's (402) and the shell's, not the paid gate's.
    expect(await storedCheckout(other)).toEqual([null, null, null, null]);
    await other.waitForURL(/\/configuration\/billing$/);
    await expect(other.getByRole('heading', { name: "Your school's subscription is not active" })).toBeVisible();
    await expect(other.getByTestId('chosen-plan')).toHaveText(
      'You chose Skylog Basic at $49.00 / month when you registered, with the coupon FLY10, and a recorder cable for $150.00.',
    );
    // The incomplete profile does not stand in the way of paying, and the menu offers only Billing.
    await expect(other.getByRole('dialog')).toHaveCount(0);
    await expect(other.getByRole('navigation', { name: 'Main menu' }).getByRole('link')).toHaveText(['Billing']);
    // The flights are held, by the shell and by the server.
    await other.goto('/dashboard/flights');
    await other.waitForURL(/\/configuration\/billing$/);
    const held = await other.request.get('/api/trips?page=0');
    expect(held.status()).toBe(402);
    expect(await held.json()).toMatchObject({ code: 'payment_required', message: messages.paymentRequired });

    await other.getByRole('button', { name: 'Continue to payment' }).click();
    await other.waitForURL(`${stripeUrl}/checkout/pay/**`);
    await expect(other.getByText('Discount: FLY10')).toBeVisible();
    await expect(other.getByText('$179.10').first()).toBeVisible();
    await other.getByRole('button', { name: /Pay/ }).click();
    await other.waitForURL(/\/payment-success\?session_id=cs_/);
    await expect(other.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await other.getByRole('link', { name: 'Open the dashboard' }).click();
    await expect(other).toHaveURL(/\/dashboard\/flights$/);
    expect((await other.request.get('/api/trips?page=0')).status()).toBe(200);
    // Paid: now the profile is asked for (docs/product.md "Profile").
    await expect(other.getByRole('dialog')).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});

test('an admin buys recorder cables from Billing: Stripe checkout in payment mode, and the invoice is listed', async ({ page }) => {
  const email = await registerFromPricingLink(page, 'Shrike Aero');
  await signInToCheckout(page, email);
  await page.getByRole('button', { name: /Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();

  await page.goto('/configuration/billing');
  const dialog = page.getByRole('dialog');
  // The incomplete profile is not forced open on Billing; nothing to close.
  await expect(dialog).toHaveCount(0);
  const equipment = page.getByRole('list', { name: 'Equipment' });
  await expect(equipment.getByRole('heading', { name: 'Recorder cable' })).toBeVisible();
  await expect(equipment.getByText('$99.00 each')).toBeVisible();
  await equipment.getByLabel('Quantity').fill('0');
  await equipment.getByRole('button', { name: 'Buy: Recorder cable, $99.00 each' }).click();
  await expect(equipment.getByText(messages.billingOneOffQuantity)).toBeVisible();
  await equipment.getByLabel('Quantity').fill('2');
  await equipment.getByRole('button', { name: 'Buy: Recorder cable, $99.00 each' }).click();
  await page.waitForURL(`${stripeUrl}/checkout/pay/**`);
  await expect(page.getByText('Recorder cable × 2')).toBeVisible();
  await expect(page.getByText('$198.00').first()).toBeVisible();
  await page.getByRole('button', { name: /Pay/ }).click();
  await page.waitForURL(/\/payment-success\?session_id=cs_/);
  await expect(page.getByText('Thank you: your order is paid. Its invoice is on the Billing screen.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to billing' }).click();
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByText('$198.00')).toBeVisible();
  await expect(page.getByTestId('plan-name')).toHaveText('Skylog Basic');
});
