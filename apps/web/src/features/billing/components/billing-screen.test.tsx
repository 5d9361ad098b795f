import { messages, type BillingInvoice, type BillingPrice, type BillingProduct, type BillingState } from '@skylog/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type ApiAnswer, type ApiCall } from '../../../test-utils.tsx';
import { BillingScreen } from './billing-screen.tsx';

const orgId = '0b6c1f7e-1c1d-4b8e-9a51-1f2e3d4c5b6a';

const monthly: BillingPrice = {
  id: 'price_month',
  product_id: 'prod_school',
  unit_amount: 4900,
  currency: 'usd',
  type: 'recurring',
  interval: 'month',
  interval_count: 1,
};
const yearly: BillingPrice = {
  id: 'price_year',
  product_id: 'prod_school',
  unit_amount: 49000,
  currency: 'usd',
  type: 'recurring',
  interval: 'year',
  interval_count: 1,
};
const products: BillingProduct[] = [
  {
    id: 'prod_school',
    name: 'Flight School',
    description: 'Every flight, debrief and student record.',
    default_price_id: monthly.id,
    prices: [monthly, yearly],
  },
  {
    id: 'prod_cable',
    name: 'Recorder cable',
    description: 'Connects the intercom to the recorder',
    default_price_id: 'price_cable',
    prices: [{ id: 'price_cable', product_id: 'prod_cable', unit_amount: 9900, currency: 'usd', type: 'one_time', interval: null, interval_count: null }],
  },
];

const invoice: BillingInvoice = {
  id: 'in_1',
  number: 'SKY-0001',
  created: '2026-03-01T10:00:00Z',
  status: 'paid',
  total: 4900,
  amount_due: 4900,
  amount_paid: 4900,
  currency: 'usd',
  hosted_invoice_url: 'https://invoice.stripe.test/i/in_1',
  invoice_pdf: 'https://pay.stripe.test/invoice/in_1/pdf',
};

const activeSubscription: NonNullable<BillingState['subscription']> = {
  id: 'sub_1',
  status: 'active',
  price: monthly,
  product_name: 'Flight School',
  cancel_at_period_end: false,
  current_period_end: '2026-04-01T10:00:00Z',
  created: '2026-03-01T10:00:00Z',
};

const noPlan: BillingState = {
  enabled: true,
  org_id: orgId,
  can_manage: true,
  customer_id: null,
  is_paid: false,
  subscription: null,
  latest_invoice: null,
  chosen_plan: null,
  contacts: [],
  grace_ends_at: null,
};

/** The billing state given, the plans and invoices above, and `other` for anything else. */
function serve(
  billing: BillingState,
  other: (call: ApiCall) => ApiAnswer = () => ({ status: 404, body: { status: 404, code: 'not_found', message: 'Not found' } }),
) {
  return stubApi((call) => {
    if (call.url === '/api/billing') return { status: 200, body: billing };
    if (call.url === '/api/billing/products') return { status: 200, body: { products } };
    if (call.url === '/api/billing/invoices?customerId=cus_1') return { status: 200, body: { invoices: [invoice] } };
    return other(call);
  });
}

describe('BillingScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('with billing off says there is nothing to pay and offers no plan', async () => {
    const calls = serve({
      enabled: false,
      org_id: orgId,
      can_manage: false,
      customer_id: null,
      is_paid: true,
      subscription: null,
      latest_invoice: null,
      chosen_plan: null,
      contacts: [],
      grace_ends_at: null,
    });
    renderWithProviders(<BillingScreen />);
    expect(
      await screen.findByText('Billing is off on this server: every organization is treated as paid, so there is nothing to pay.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Plans' })).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/billing']);
  });

  it('shows a failed load with a way to try again', async () => {
    let isDown = true;
    stubApi((call) => {
      if (isDown) return { status: 502, body: { status: 502, code: 'provider_unavailable', message: messages.billingUnavailable } };
      return call.url === '/api/billing' ? { status: 200, body: noPlan } : { status: 200, body: { products } };
    });
    renderWithProviders(<BillingScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.billingUnavailable);
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Current plan' })).toBeTruthy();
  });

  it('offers a manager without a plan every price to subscribe to, and shows Stripe’s answer to an unknown coupon under the field', async () => {
    const calls = serve(noPlan, (call) =>
      call.method === 'POST' && call.url === '/api/billing/checkout-sessions'
        ? {
            status: 400,
            body: { status: 400, code: 'bad_request', message: 'Some fields are not valid.', fields: { coupon: "No such coupon: 'X'" } },
          }
        : { status: 404 },
    );
    renderWithProviders(<BillingScreen />);
    expect(await screen.findByText('No plan yet. Choose one of the plans below to pay for Skylog.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Plans' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Flight School' })).toBeTruthy();
    expect(screen.getByText('$49.00 / month')).toBeTruthy();
    expect(screen.getByText('$490.00 / year')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe: Flight School, $490.00 / year' })).toBeTruthy();

    const coupon = screen.getByLabelText('Coupon code (optional)');
    // A code that cannot be a coupon is refused here, before Stripe is asked.
    fireEvent.change(coupon, { target: { value: 'not a coupon!' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Subscribe: Flight School, $49.00 / month' })));
    expect(await screen.findByText(messages.billingCoupon)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(coupon, { target: { value: 'X' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Subscribe: Flight School, $49.00 / month' })));
    await waitFor(() => expect(coupon.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = coupon.getAttribute('aria-describedby') ?? '';
    await waitFor(() => expect(document.getElementById(describedBy)?.textContent).toBe("No such coupon: 'X'"));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/billing/checkout-sessions', body: { priceId: 'price_month', orgId, coupon: 'X' } },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Invoices' })).toBeTruthy();
    expect(screen.getByText('No invoices yet')).toBeTruthy();
  });

  it('shows a manager’s active plan, its renewal, the invoices with their links, and cancels at period end after asking', async () => {
    const calls = serve(
      { ...noPlan, customer_id: 'cus_1', is_paid: true, subscription: activeSubscription, latest_invoice: invoice },
      (call) =>
        call.method === 'PATCH' && call.url === '/api/billing/subscription'
          ? { status: 200, body: { subscription: { ...activeSubscription, cancel_at_period_end: true } } }
          : { status: 404 },
    );
    renderWithProviders(<BillingScreen />);
    expect((await screen.findByTestId('plan-status')).textContent).toBe('Active');
    expect(screen.getByTestId('plan-name').textContent).toBe('Flight School');
    expect(screen.getByText('Renews on 1 April 2026')).toBeTruthy();
    expect(screen.getByTestId('latest-invoice').textContent).toBe('Latest invoice SKY-0001: $49.00 on 1 March 2026, paid.');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Number', 'Date', 'Amount', 'Status', 'Links']);
    const row = (await within(table).findByText('SKY-0001')).closest('tr')!;
    expect(within(row).getByText('1 March 2026')).toBeTruthy();
    expect(within(row).getByText('$49.00')).toBeTruthy();
    expect(within(row).getByText('Paid')).toBeTruthy();
    const view = within(row).getByRole('link', { name: 'View invoice SKY-0001' });
    expect([view.getAttribute('href'), view.getAttribute('target'), view.getAttribute('rel')]).toEqual([
      invoice.hosted_invoice_url,
      '_blank',
      'noreferrer',
    ]);
    const pdf = within(row).getByRole('link', { name: 'PDF of invoice SKY-0001' });
    expect([pdf.getAttribute('href'), pdf.getAttribute('target'), pdf.getAttribute('rel')]).toEqual([
      invoice.invoice_pdf,
      '_blank',
      'noreferrer',
    ]);

    // A paying organization switches plans instead of subscribing again.
    await screen.findByRole('heading', { name: 'Flight School' });
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();
    expect(screen.queryByLabelText('Coupon code (optional)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Switch to this plan: Flight School, $490.00 / year' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Switch to this plan: Flight School, $49.00 / month' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Manage payment method' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    expect(within(dialog).getByText('Skylog stays available until 1 April 2026.')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' })));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        { method: 'PATCH', url: '/api/billing/subscription', body: { cancel_at_period_end: true } },
      ]),
    );
  });

  it('holds an unpaid school’s admin with the plan chosen at registration, one click from Stripe', async () => {
    const calls = serve({ ...noPlan, chosen_plan: { price_id: 'price_year', coupon: 'FLY10', cable_price: 99 } }, (call) =>
      call.method === 'POST' ? { status: 201, body: { session: { id: 'cs_1', url: null, status: 'open', payment_status: 'unpaid', amount_total: 0, currency: 'usd' } } } : { status: 404 },
    );
    renderWithProviders(<BillingScreen />);
    expect(await screen.findByRole('heading', { name: "Your school's subscription is not active" })).toBeTruthy();
    expect((await screen.findByTestId('chosen-plan')).textContent).toBe(
      'You chose Flight School at $490.00 / year when you registered, with the coupon FLY10, and a recorder cable for $99.00.',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        { method: 'POST', url: '/api/billing/checkout-sessions', body: { priceId: 'price_year', orgId, coupon: 'FLY10', cablePrice: 99 } },
      ]),
    );
  });

  it('sells the recorder cable apart from the plans, with a quantity checked before Stripe is asked', async () => {
    const calls = serve({ ...noPlan, is_paid: true, customer_id: 'cus_1', subscription: activeSubscription }, (call) =>
      call.method === 'POST' ? { status: 201, body: { session: { id: 'cs_2', url: null, status: 'open', payment_status: 'unpaid', amount_total: 19800, currency: 'usd' } } } : { status: 404 },
    );
    renderWithProviders(<BillingScreen />);
    const equipment = await screen.findByRole('list', { name: 'Equipment' });
    expect(within(equipment).getByRole('heading', { name: 'Recorder cable' })).toBeTruthy();
    expect(within(equipment).getByText('$99.00 each')).toBeTruthy();
    // Not a plan: no subscribe or switch button for it.
    expect(screen.queryByRole('heading', { name: 'Recorder cable', level: 3 })?.closest('[aria-label="Plans"]')).toBeFalsy();
    const quantity = within(equipment).getByLabelText('Quantity');
    for (const wrong of ['0', '-1', '1000000000']) {
      fireEvent.change(quantity, { target: { value: wrong } });
      await act(async () => fireEvent.click(within(equipment).getByRole('button', { name: 'Buy: Recorder cable, $99.00 each' })));
      expect(await within(equipment).findByText(messages.billingOneOffQuantity)).toBeTruthy();
    }
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.change(quantity, { target: { value: '2' } });
    await act(async () => fireEvent.click(within(equipment).getByRole('button', { name: 'Buy: Recorder cable, $99.00 each' })));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', url: '/api/billing/purchases', body: { price_id: 'price_cable', quantity: 2 } }]),
    );
  });

  it('shows a student the plan and its status only', async () => {
    const calls = serve({
      ...noPlan,
      can_manage: false,
      is_paid: true,
      grace_ends_at: '2026-04-15T10:00:00Z',
      subscription: { ...activeSubscription, status: 'past_due' },
    });
    renderWithProviders(<BillingScreen />);
    expect((await screen.findByTestId('plan-status')).textContent).toBe('Past due');
    expect(screen.getByText(/Payment failed, Stripe will retry/)).toBeTruthy();
    expect(screen.getByTestId('grace-ends').textContent).toBe(
      'Skylog keeps working until 15 April 2026 while Stripe retries the card; after that it is paused until the payment goes through.',
    );
    expect(screen.getByText("Your organization's admins manage billing: plans, invoices and the payment method.")).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Invoices' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Plans' })).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/billing']);
  });
});
