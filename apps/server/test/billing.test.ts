import { billingStateSchema, generateSessionFailedMessage, messages } from '@skylog/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeLocalCatalogue as catalogue } from '../scripts/stripe-local/catalogue.ts';
import { signStripePayload, type FakeStripeServer } from '../scripts/stripe-local/fake-stripe-server.ts';
import { auditLog, billingAccounts, stripeEvents } from '../src/db/schema/index.ts';
import { createSchool, type School } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { billingApiKey as apiKey, billingWebhookSecret as webhookSecret, startBillingApp, type BillingApp } from './support/billing-app.ts';

/**
 * Billing end to end: the server talks to a local Stripe-compatible server through the real
 * `stripe` SDK; webhooks are signed as Stripe signs them and posted to the app in the orders Stripe may
 * deliver them.
 */
describe('billing with Stripe', () => {
  let billing: BillingApp;
  let stripe: FakeStripeServer;
  let t: TestApp;
  let s: BillingApp['s'];
  let post: BillingApp['post'];

  beforeAll(async () => {
    billing = await startBillingApp();
    ({ stripe, t, s, post } = billing);
  });
  afterAll(async () => billing.close());

  const me = async (email: string) => (await s.call(email, 'GET', '/api/me')).json() as { is_paid: boolean };
  const state = async (email: string) => billingStateSchema.parse((await s.call(email, 'GET', '/api/billing')).json());
  const checkout = (school: School, body: Record<string, unknown> = {}) =>
    s.call(school.owner, 'POST', '/api/billing/checkout-sessions', { priceId: catalogue.prices.basicMonthly, orgId: school.orgId, ...body });

  /** A school that went through checkout and paid; the events of the payment are returned undelivered. */
  async function paidSchool(name: string) {
    const school = await createSchool(t, s, name);
    const created = await checkout(school);
    expect(created.statusCode, created.body).toBe(201);
    const sessionId = created.json().session.id as string;
    const firstEvent = stripe.events.length;
    const { subscriptionId, invoiceId } = await stripe.completeCheckout(sessionId);
    const events = stripe.events.slice(firstEvent);
    const account = (await t.ctx.db.select().from(billingAccounts).where(eq(billingAccounts.orgId, school.orgId)))[0]!;
    return { school, sessionId, subscriptionId, invoiceId, events, customerId: account.stripeCustomerId };
  }

  it('lists the catalogue publicly: active products with their plans and one-off prices, and a price by product', async () => {
    const products = await t.request({ method: 'GET', url: '/api/billing/products' });
    expect(products.statusCode, products.body).toBe(200);
    const list = products.json().products as { id: string; name: string; prices: { id: string; type: string; interval: string | null }[] }[];
    expect(list.map((product) => product.id).sort()).toEqual([catalogue.products.basic, catalogue.products.pro, catalogue.products.cable].sort());
    const pro = list.find((product) => product.id === catalogue.products.pro)!;
    expect(pro.prices.map((price) => price.id).sort()).toEqual([catalogue.prices.proMonthly, catalogue.prices.proYearly].sort());
    expect(pro.prices.every((price) => price.type === 'recurring')).toBe(true);
    // The recorder cable is sold once: its price is one_time, with no interval.
    const cable = list.find((product) => product.id === catalogue.products.cable)!;
    expect(cable).toMatchObject({ name: 'Recorder cable', prices: [{ id: catalogue.prices.cable, type: 'one_time', interval: null, unit_amount: 9900 }] });

    const price = await t.request({ method: 'GET', url: `/api/billing/products/${catalogue.products.pro}/price` });
    expect(price.json().price).toMatchObject({ id: catalogue.prices.proMonthly, unit_amount: 9900, currency: 'usd', interval: 'month' });
    const unknown = await t.request({ method: 'GET', url: '/api/billing/products/prod_nothing/price' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.getPriceFailed);
  });

  it('creates a subscription checkout with the coupon as its discount and the cable price as a one-off line', async () => {
    const school = await createSchool(t, s, 'Coupon Aviation');
    expect((await me(school.owner)).is_paid).toBe(false);
    const created = await checkout(school, { cablePrice: '150', coupon: 'FLY10' });
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json().session;
    expect(session.url).toBe(`${stripe.url}/checkout/pay/${session.id}`);
    // (49.00 plan + 150.00 cable) less 10 %.
    expect(session.amount_total).toBe(17910);

    type SentCheckout = { mode: string; line_items: Record<string, unknown>[]; discounts: { coupon: string }[]; metadata: { org_id: string }; success_url: string };
    const sent = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST').at(-1)!.body as SentCheckout;
    expect(sent.mode).toBe('subscription');
    expect(sent.line_items[0]).toEqual({ price: catalogue.prices.basicMonthly, quantity: '1' });
    expect(sent.line_items[1]).toMatchObject({ price_data: { unit_amount: '15000', currency: 'usd' }, quantity: '1' });
    expect(sent.discounts[0]?.coupon).toBe('FLY10');
    expect(sent.metadata.org_id).toBe(school.orgId);
    expect(sent.success_url).toBe('http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}');

    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'billing.checkout'), eq(auditLog.orgId, school.orgId)));
    expect(audit).toHaveLength(1);
  });

  it('refuses bad checkout input with the field, and shows Stripe’s own message for an unknown coupon', async () => {
    const school = await createSchool(t, s, 'Careful Flyers');
    for (const cablePrice of [-1, 'abc', 99999, '12.345']) {
      const refused = await checkout(school, { cablePrice });
      expect(refused.statusCode, String(cablePrice)).toBe(400);
      expect(refused.json().fields.cablePrice).toBe(messages.billingCablePrice);
    }
    const badCoupon = await checkout(school, { coupon: 'no spaces please' });
    expect(badCoupon.json().fields.coupon).toBe(messages.billingCoupon);

    const unknownCoupon = await checkout(school, { coupon: 'NOPE' });
    expect(unknownCoupon.statusCode).toBe(400);
    expect(unknownCoupon.json().message).toBe(generateSessionFailedMessage(400, "No such coupon: 'NOPE'"));
    expect(unknownCoupon.json().fields.coupon).toBe("No such coupon: 'NOPE'");

    for (const priceId of [catalogue.prices.basicOld, catalogue.prices.legacy, 'price_made_up']) {
      const notAPlan = await checkout(school, { priceId });
      expect(notAPlan.statusCode, priceId).toBe(400);
      expect(notAPlan.json().fields.priceId).toBe(messages.billingNotOnePlan);
    }

    const other = await createSchool(t, s, 'Other Field');
    const otherOrg = await checkout(school, { orgId: other.orgId });
    expect(otherOrg.statusCode).toBe(404);
    const instructor = await school.addMemberBeforePaying('instructor');
    expect((await s.call(instructor.email, 'POST', '/api/billing/checkout-sessions', { priceId: catalogue.prices.basicMonthly, orgId: school.orgId })).statusCode).toBe(403);
  });

  it('sells the recorder cable once, through Checkout in payment mode, and refuses a quantity or price it cannot sell with the field', async () => {
    const { school, events, customerId } = await paidSchool('Cable Buyers');
    for (const event of events) await post(event);
    const buy = (body: Record<string, unknown>) => s.call(school.owner, 'POST', '/api/billing/purchases', body);
    for (const quantity of [0, -1, 1_000_000_000, 2.5, '2', null]) {
      const refused = await buy({ price_id: catalogue.prices.cable, quantity });
      expect(refused.statusCode, String(quantity)).toBe(400);
      expect(refused.json().fields.quantity, String(quantity)).toBe(messages.billingOneOffQuantity);
    }
    // A plan is not sold once, nor is a price Stripe does not offer.
    for (const priceId of [catalogue.prices.basicMonthly, catalogue.prices.legacy, 'price_made_up']) {
      const refused = await buy({ price_id: priceId, quantity: 1 });
      expect(refused.statusCode, priceId).toBe(400);
      expect(refused.json().fields.price_id, priceId).toBe(messages.billingNotOneOff);
    }
    const sessionsBefore = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST').length;

    const bought = await buy({ price_id: catalogue.prices.cable, quantity: 2 });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().session).toMatchObject({ amount_total: 19800, currency: 'usd' });
    const sent = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST');
    expect(sent).toHaveLength(sessionsBefore + 1);
    expect(sent.at(-1)!.body).toMatchObject({
      mode: 'payment',
      customer: customerId,
      line_items: [{ price: catalogue.prices.cable, quantity: '2' }],
      metadata: { org_id: school.orgId },
      invoice_creation: { enabled: 'true' },
    });
    // Paying it (Stripe's hosted page) makes a paid invoice of the school's, and the school's plan is untouched.
    const paid = await fetch(`${stripe.url}/checkout/pay/${bought.json().session.id as string}`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const confirmed = await s.call(school.owner, 'POST', `/api/billing/checkout-sessions/${bought.json().session.id as string}/confirm`);
    expect(confirmed.json()).toEqual({ mode: 'payment', status: 'complete', payment_status: 'paid', is_paid: true });
    const invoices = (await s.call(school.owner, 'GET', `/api/billing/invoices?customerId=${customerId}`)).json().invoices as { total: number; status: string }[];
    expect(invoices[0]).toMatchObject({ total: 19800, status: 'paid' });
    expect(await state(school.owner)).toMatchObject({ subscription: { status: 'active', product_name: 'Skylog Basic' } });
    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'billing.purchase'), eq(auditLog.orgId, school.orgId)));
    expect(audit.map((entry) => entry.details)).toEqual([expect.objectContaining({ price_id: catalogue.prices.cable, quantity: 2 })]);
    // Only the school's admins buy.
    const instructor = await school.addPerson('instructor');
    expect((await s.call(instructor.email, 'POST', '/api/billing/purchases', { price_id: catalogue.prices.cable, quantity: 1 })).statusCode).toBe(403);
  });

  it("refuses a checkout naming another school's Stripe customer under the field, audited, and makes nothing at Stripe", async () => {
    const other = await paidSchool('Customer Owner');
    const school = await createSchool(t, s, 'Customer Borrower');
    const before = stripe.requests.length;
    const refused = await checkout(school, { customerId: other.customerId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ customerId: messages.billingCustomerNotYours });
    expect(stripe.requests.slice(before).filter((request) => request.method === 'POST')).toEqual([]);
    const denied = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.status, 'denied'), eq(auditLog.resource, `billing/${other.customerId}`)));
    expect(denied).toHaveLength(1);
  });

  it('pays: webhooks set is_paid for every member, and the Billing state shows the plan and the invoice', async () => {
    const { school, events, invoiceId } = await paidSchool('Paying Academy');
    const student = await school.addMemberBeforePaying('student');
    expect((await me(student.email)).is_paid).toBe(false);
    for (const event of events) {
      const answer = await post(event);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expect((await me(school.owner)).is_paid).toBe(true);
    expect((await me(student.email)).is_paid).toBe(true);
    // Someone joining a paid school counts as paid at once.
    const instructor = await school.addPerson('instructor');
    expect((await me(instructor.email)).is_paid).toBe(true);

    const owner = await state(school.owner);
    expect(owner).toMatchObject({ enabled: true, can_manage: true, is_paid: true, subscription: { status: 'active', price: { id: catalogue.prices.basicMonthly } } });
    expect(owner.latest_invoice).toMatchObject({ id: invoiceId, status: 'paid' });
    const seen = await state(student.email);
    expect(seen).toMatchObject({ can_manage: false, customer_id: null, latest_invoice: null, subscription: { status: 'active' } });

    const invoices = await s.call(school.owner, 'GET', `/api/billing/invoices?customerId=${owner.customer_id}`);
    expect(invoices.json().invoices.map((invoice: { id: string }) => invoice.id)).toEqual([invoiceId]);
    // Every payment change is in the server's audit log, filed under the organization (its admins' log shows it).
    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'billing.webhook'), eq(auditLog.orgId, school.orgId)));
    expect(audit.map((entry) => (entry.details as { after: { is_paid: boolean } }).after.is_paid)).toContain(true);
  });

  it('applies an event once: a replay has no second effect', async () => {
    const { events } = await paidSchool('Replay Flying Club');
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    const first = await post(completed);
    expect(first.json()).toEqual({ received: true });
    const replay = await post(completed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await t.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, completed.id))).toHaveLength(1);
    const applied = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'billing.webhook'), sql`${auditLog.details}->>'event_id' = ${completed.id}`));
    expect(applied).toHaveLength(1);
  });

  it('ends in the right state whatever the order: subscription.updated before checkout.session.completed', async () => {
    const { school, subscriptionId, events } = await paidSchool('Out Of Order Aero');
    const updated = await stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true }, { deliver: false });
    expect((await post(updated)).statusCode).toBe(200);
    for (const event of [...events].reverse()) expect((await post(event)).statusCode).toBe(200);
    const after = await state(school.owner);
    expect(after).toMatchObject({ is_paid: true, subscription: { id: subscriptionId, cancel_at_period_end: true } });
  });

  it('a deleted subscription makes every member unpaid; a failed payment keeps the school working while Stripe retries', async () => {
    const { school, subscriptionId, events } = await paidSchool('Lapsed Wings');
    for (const event of events) await post(event);
    const student = await school.addPerson('student');
    expect((await me(student.email)).is_paid).toBe(true);

    const failed = await stripe.failPayment(subscriptionId, { deliver: false });
    await stripe.updateSubscription(subscriptionId, { status: 'past_due' }, { deliver: false });
    expect((await post(failed)).statusCode).toBe(200);
    expect((await state(school.owner)).subscription?.status).toBe('past_due');
    expect((await me(student.email)).is_paid).toBe(true);

    const deleted = await stripe.updateSubscription(subscriptionId, { status: 'canceled' }, { deliver: false });
    expect(deleted.type).toBe('customer.subscription.deleted');
    expect((await post(deleted)).statusCode).toBe(200);
    expect((await me(school.owner)).is_paid).toBe(false);
    expect((await me(student.email)).is_paid).toBe(false);
    const changes = await t.ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'billing.webhook' and ${auditLog.resource} = ${`orgs/${school.orgId}/billing`}`)
      .orderBy(auditLog.id);
    expect(changes.map((entry) => (entry.details as { after: { is_paid: boolean } }).after.is_paid).at(-1)).toBe(false);
  });

  it('refuses a bad or stale signature with 400 and applies nothing', async () => {
    const { school, events } = await paidSchool('Signed Only');
    const event = events[0]!;
    const wrongSecret = await post(event, { secret: 'whsec_not_ours' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().message).toBe(messages.billingWebhookSignature);
    expect((await post(event, { at: Math.floor(Date.now() / 1000) - 600 })).statusCode).toBe(400);
    expect((await post(event, { signature: null })).statusCode).toBe(400);
    // The body changed after signing.
    const signature = signStripePayload(JSON.stringify(event), webhookSecret, Math.floor(Date.now() / 1000));
    const tampered = await post({ ...event, id: 'evt_forged' }, { signature });
    expect(tampered.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
    expect((await me(school.owner)).is_paid).toBe(false);
  });

  it('refuses a signature dated ahead of the tolerance as one dated behind it, and takes one a clock slightly ahead signed', async () => {
    const { school, events } = await paidSchool('Signed In Time');
    const event = events[0]!;
    const now = Math.floor(Date.now() / 1000);
    for (const at of [now + 3600, now + 301, now - 3600]) {
      const refused = await post(event, { at });
      expect(refused.statusCode, `t=now${at - now}`).toBe(400);
      expect(refused.json().message).toBe(messages.billingWebhookSignature);
      expect(refused.json().fields).toHaveProperty('stripe-signature');
    }
    expect(await t.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
    expect((await me(school.owner)).is_paid).toBe(false);

    const applied = await post(event, { at: now + 60 });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await t.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
  });

  it('answers 200 to an event of an unknown customer, recorded as ignored, never 500', async () => {
    const event = stripe.createEvent('customer.subscription.updated', { id: 'sub_unknown', object: 'subscription', customer: 'cus_nobody', status: 'active', metadata: {} });
    const answer = await post(event);
    expect(answer.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect(row?.outcome).toBe('ignored');
  });

  it("keeps each organization's billing to itself: another school's invoices, subscription and checkout are 404", async () => {
    const first = await paidSchool('First Tenant');
    const second = await paidSchool('Second Tenant');
    for (const url of [
      `/api/billing/invoices?customerId=${first.customerId}`,
      `/api/billing/invoices/${first.invoiceId}`,
      `/api/billing/subscriptions?customerId=${first.customerId}`,
      `/api/billing/subscriptions/${first.subscriptionId}`,
    ]) {
      const answer = await s.call(second.school.owner, 'GET', url);
      expect(answer.statusCode, url).toBe(404);
    }
    expect((await s.call(second.school.owner, 'POST', `/api/billing/checkout-sessions/${first.sessionId}/confirm`)).statusCode).toBe(404);
    const own = await s.call(first.school.owner, 'GET', `/api/billing/invoices/${first.invoiceId}`);
    expect(own.json().invoice).toMatchObject({ id: first.invoiceId, status: 'paid' });
  });

  it('/payment-success confirms through Stripe without waiting for the webhook, and never trusts an open session', async () => {
    const school = await createSchool(t, s, 'Confirmed Aviation');
    const created = await checkout(school);
    const sessionId = created.json().session.id as string;
    const open = await s.call(school.owner, 'POST', `/api/billing/checkout-sessions/${sessionId}/confirm`);
    expect(open.json()).toMatchObject({ status: 'open', is_paid: false });
    await stripe.completeCheckout(sessionId);
    const confirmed = await s.call(school.owner, 'POST', `/api/billing/checkout-sessions/${sessionId}/confirm`);
    expect(confirmed.json()).toMatchObject({ status: 'complete', is_paid: true });
    expect((await me(school.owner)).is_paid).toBe(true);
    // Paid already: a second checkout is refused.
    expect((await checkout(school)).statusCode).toBe(409);
  });

  it('refuses a second checkout when Stripe already has the subscription, even before its webhook arrives', async () => {
    const { school } = await paidSchool('Impatient Aero');
    // No webhook yet: the stored copy still says unpaid, Stripe says active.
    const again = await checkout(school);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.billingAlreadySubscribed);
    expect((await me(school.owner)).is_paid).toBe(true);
  });

  it('an unknown checkout, subscription or invoice is simply not found (no denial recorded against the caller)', async () => {
    const school = await createSchool(t, s, 'Typo Aviation');
    const before = await t.ctx.db.select().from(auditLog).where(eq(auditLog.status, 'denied'));
    const confirm = await s.call(school.owner, 'POST', '/api/billing/checkout-sessions/cs_test_nothing/confirm');
    expect(confirm.statusCode).toBe(404);
    expect(confirm.json().message).toBe(messages.billingCheckoutNotFound);
    expect((await s.call(school.owner, 'GET', '/api/billing/invoices/in_nothing')).statusCode).toBe(404);
    expect((await s.call(school.owner, 'GET', '/api/billing/subscriptions/sub_nothing')).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.status, 'denied'))).toHaveLength(before.length);
  });

  it('changes the plan, cancels at period end and opens the customer portal', async () => {
    const { school, events } = await paidSchool('Changing Plans');
    for (const event of events) await post(event);
    const same = await s.call(school.owner, 'PATCH', '/api/billing/subscription', { price_id: catalogue.prices.basicMonthly });
    expect(same.json().fields.price_id).toBe(messages.billingSamePlan);
    const changed = await s.call(school.owner, 'PATCH', '/api/billing/subscription', { price_id: catalogue.prices.proMonthly });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().subscription.price.id).toBe(catalogue.prices.proMonthly);
    const canceled = await s.call(school.owner, 'PATCH', '/api/billing/subscription', { cancel_at_period_end: true });
    expect(canceled.json().subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect((await me(school.owner)).is_paid).toBe(true);
    const portal = await s.call(school.owner, 'POST', '/api/billing/portal-session');
    expect(portal.statusCode).toBe(201);
    expect(portal.json().url).toMatch(new RegExp(`^${stripe.url}/portal/`));
  });
});

describe('billing when Stripe cannot be reached or is not configured', () => {
  it('says Stripe could not be reached and stores nothing', async () => {
    const t = await createTestApp({ seed: false, env: { STRIPE_SECRET_KEY: apiKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: 'http://127.0.0.1:9' } });
    try {
      const s = sessions(() => t);
      const school = await createSchool(t, s, 'Offline Aero');
      const answer = await s.call(school.owner, 'POST', '/api/billing/checkout-sessions', { priceId: 'price_anything', orgId: school.orgId });
      expect(answer.statusCode).toBe(502);
      expect(answer.json().message).toBe(messages.billingUnavailable);
      expect(await t.ctx.db.select().from(billingAccounts)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('a webhook that cannot be applied because Stripe is unreachable answers 502 (Stripe sends it again) and records nothing', async () => {
    const t = await createTestApp({ seed: false, env: { STRIPE_SECRET_KEY: apiKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: 'http://127.0.0.1:9' } });
    try {
      const s = sessions(() => t);
      const school = await createSchool(t, s, 'Unreachable Wings');
      await t.ctx.db.insert(billingAccounts).values({ orgId: school.orgId, stripeCustomerId: 'cus_unreachable' });
      const event = { id: 'evt_unreachable', object: 'event', type: 'invoice.paid', created: Math.floor(Date.now() / 1000), data: { object: { id: 'in_1', object: 'invoice', customer: 'cus_unreachable' } } };
      const payload = JSON.stringify(event);
      const answer = await t.request({
        method: 'POST',
        url: '/api/billing/webhook',
        payload,
        headers: { 'content-type': 'application/json', origin: undefined, 'stripe-signature': signStripePayload(payload, webhookSecret, Math.floor(Date.now() / 1000)) },
      });
      expect(answer.statusCode).toBe(502);
      expect(await t.ctx.db.select().from(stripeEvents)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('with no keys billing is off: everyone counts as paid and the payment routes say how to turn it on', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const s = sessions(() => t);
      const school = await createSchool(t, s, 'Free Skies');
      expect((await s.call(school.owner, 'GET', '/api/me')).json().is_paid).toBe(true);
      expect(billingStateSchema.parse((await s.call(school.owner, 'GET', '/api/billing')).json())).toMatchObject({ enabled: false, is_paid: true });
      const products = await t.request({ method: 'GET', url: '/api/billing/products' });
      expect(products.statusCode).toBe(409);
      expect(products.json()).toMatchObject({ code: 'not_configured', message: messages.billingNotConfigured });
      expect((await t.request({ method: 'GET', url: '/api/client-config' })).json().billing_enabled).toBe(false);
    } finally {
      await t.close();
    }
  });
});
