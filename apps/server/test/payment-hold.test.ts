import { billingStateSchema, limits, messages } from '@skylog/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeLocalCatalogue as catalogue } from '../scripts/stripe-local/catalogue.ts';
import { billingAccounts, orgs } from '../src/db/schema/index.ts';
import { createSchool, type School } from './factories.ts';
import { createTestApp, query } from './helper.ts';
import { sessions } from './people-helper.ts';
import { startBillingApp, type BillingApp } from './support/billing-app.ts';

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };

/**
 * docs/product.md "Billing and the payment hold": with billing on, the server holds every member of an organization
 * without an active subscription (402 payment_required) except for who they are, their own profile and account
 * security, billing, and signing out; paying lifts it, a deleted subscription brings it back; the super admin is never
 * held.
 */
describe('payment is enforced by the server', () => {
  let billing: BillingApp;

  beforeAll(async () => {
    // The demo school (paid from before billing was on) brings the super admin and a paying school to compare with.
    billing = await startBillingApp({ seed: true });
  });
  afterAll(async () => billing.close());

  const call = (email: string, { method, url, payload }: Call) => billing.s.call(email, method, url, payload);

  /** Data routes of flights, people and aircraft, as their screens call them. */
  const dataCalls = (school: School): Call[] => [
    { method: 'GET', url: '/api/trips?page=0' },
    { method: 'GET', url: '/api/users?page=0' },
    { method: 'GET', url: '/api/aircraft' },
    { method: 'GET', url: '/api/overview?timezone=UTC' },
    { method: 'POST', url: '/api/aircraft', payload: { tail_number: 'N123HD', call_sign: null, type: 'C172', notes: null } },
    { method: 'POST', url: '/api/invitations', payload: { email: `new.student@${school.orgId}.test`, user_type: 'student' } },
  ];

  async function expectHeld(email: string, school: School) {
    for (const request of dataCalls(school)) {
      const response = await call(email, request);
      expect(response.statusCode, `${email} ${request.method} ${request.url}: ${response.body}`).toBe(402);
      expect(response.json()).toEqual({ status: 402, code: 'payment_required', message: messages.paymentRequired });
    }
  }

  async function expectServed(email: string) {
    for (const url of ['/api/trips?page=0', '/api/aircraft']) {
      const response = await billing.s.call(email, 'GET', url);
      expect(response.statusCode, `${email} GET ${url}: ${response.body}`).toBe(200);
    }
  }

  /** Checkout through the server, paid at the local Stripe, and its events posted to the webhook. */
  async function pay(school: School) {
    const created = await billing.s.call(school.owner, 'POST', '/api/billing/checkout-sessions', { priceId: catalogue.prices.basicMonthly, orgId: school.orgId });
    expect(created.statusCode, created.body).toBe(201);
    const firstEvent = billing.stripe.events.length;
    const { subscriptionId } = await billing.stripe.completeCheckout(created.json().session.id as string);
    for (const event of billing.stripe.events.slice(firstEvent)) expect((await billing.post(event)).statusCode).toBe(200);
    return subscriptionId;
  }

  it('holds an unpaid school: 402 on flights, people and aircraft, nothing written; its own profile, billing and sign-out answer', async () => {
    const school = await createSchool(billing.t, billing.s, 'Unpaid Aero');
    const student = await school.addMemberBeforePaying('student');
    for (const email of [school.owner, student.email]) await expectHeld(email, school);
    const [aircraftRows] = await query<{ count: number }>(billing.t, sql`select count(*)::int as count from aircraft where org_id = ${school.orgId}`);
    expect(aircraftRows?.count).toBe(0);
    const [invited] = await query<{ count: number }>(billing.t, sql`select count(*)::int as count from invitations where org_id = ${school.orgId}`);
    expect(invited?.count).toBe(0);

    // Who they are, their own profile, billing and signing out stay open.
    expect((await billing.s.call(student.email, 'GET', '/api/me')).json()).toMatchObject({ is_paid: false });
    const profile = await billing.s.call(student.email, 'PATCH', `/api/users/${student.id}`, { name: 'Held Student', phone: '+14155550101', program: '61' });
    expect(profile.statusCode, profile.body).toBe(204);
    const state = billingStateSchema.parse((await billing.s.call(school.owner, 'GET', '/api/billing')).json());
    expect(state).toMatchObject({ enabled: true, is_paid: false, can_manage: true });
    expect((await billing.s.call(school.owner, 'GET', '/api/access-tokens')).statusCode).toBe(200);
    // Someone else's profile is the school's data: held like the rest.
    const others = await billing.s.call(school.owner, 'PATCH', `/api/users/${student.id}`, { name: 'Renamed' });
    expect(others.statusCode).toBe(402);
    const signOut = await billing.t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: await billing.s.as(student.email), payload: {} });
    expect(signOut.statusCode, signOut.body).toBe(200);
    billing.s.forget(student.email);
  });

  it('paying lifts the hold for every member at once; a deleted subscription brings it back, for recorder tokens too', async () => {
    const school = await createSchool(billing.t, billing.s, 'Paying Later Aero');
    const instructor = await school.addMemberBeforePaying('instructor');
    await expectHeld(instructor.email, school);
    const subscriptionId = await pay(school);
    await expectServed(school.owner);
    await expectServed(instructor.email);
    const token = await billing.s.call(instructor.email, 'POST', '/api/access-tokens', { name: 'Cockpit recorder' });
    expect(token.statusCode, token.body).toBe(201);
    const viaToken = () => billing.t.request({ method: 'GET', url: '/api/trips?page=0', headers: { authorization: `Bearer ${token.json().token as string}`, origin: undefined } });
    expect((await viaToken()).statusCode).toBe(200);

    const deleted = await billing.stripe.updateSubscription(subscriptionId, { status: 'canceled' }, { deliver: false });
    expect((await billing.post(deleted)).statusCode).toBe(200);
    // The same sessions, held at once: each instance heard the change of is_paid.
    await expectHeld(school.owner, school);
    await expectHeld(instructor.email, school);
    expect((await viaToken()).statusCode).toBe(402);
  });

  it(`keeps a school working ${limits.billingGraceDays} days after a renewal failed, then holds it`, async () => {
    const school = await createSchool(billing.t, billing.s, 'Card Declined Aero');
    const subscriptionId = await pay(school);
    const failed = await billing.stripe.failPayment(subscriptionId, { deliver: false });
    const pastDue = await billing.stripe.updateSubscription(subscriptionId, { status: 'past_due' }, { deliver: false });
    for (const event of [failed, pastDue]) expect((await billing.post(event)).statusCode).toBe(200);
    await expectServed(school.owner);
    const state = billingStateSchema.parse((await billing.s.call(school.owner, 'GET', '/api/billing')).json());
    expect(state.subscription?.status).toBe('past_due');
    const graceEnd = Date.parse(state.grace_ends_at!);
    expect(graceEnd - Date.now()).toBeGreaterThan((limits.billingGraceDays - 1) * 86_400_000);

    // Stripe still retries, but the grace period has run out (no webhook marks that day): a fresh session is held.
    await billing.t.ctx.db
      .update(billingAccounts)
      .set({ pastDueSince: new Date(Date.now() - (limits.billingGraceDays + 1) * 86_400_000) })
      .where(eq(billingAccounts.orgId, school.orgId));
    billing.s.forget(school.owner);
    await expectHeld(school.owner, school);
    // A later event keeps the day the failure was first seen.
    const again = await billing.stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true }, { deliver: false });
    expect((await billing.post(again)).statusCode).toBe(200);
    expect((await billing.s.call(school.owner, 'GET', '/api/me')).json().is_paid).toBe(false);
  });

  it('keeps the plan chosen at registration with the school, offered from any browser until it pays', async () => {
    const plan = { price_id: catalogue.prices.proYearly, coupon: catalogue.coupons.fly10, cable_price: 99 };
    const school = await createSchool(billing.t, billing.s, 'Chosen Plan Aero', { plan });
    const state = billingStateSchema.parse((await billing.s.call(school.owner, 'GET', '/api/billing')).json());
    expect(state.chosen_plan).toEqual(plan);
    await pay(school);
    const [row] = await billing.t.ctx.db.select({ plan: orgs.chosenPlan }).from(orgs).where(eq(orgs.id, school.orgId));
    expect(row?.plan).toBeNull();
  });

  it('refuses a registration whose plan is not one of the catalogue, under the field, and creates nothing', async () => {
    const refused = await billing.t.request({
      method: 'POST',
      url: '/api/registration/school',
      payload: { school_name: 'Made Up Plan', name: 'Owner', email: 'owner@made-up-plan.test', password: 'person-password-1', plan: { price_id: 'price_made_up', coupon: null, cable_price: null } },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().fields['plan.price_id']).toBe(messages.billingNotOnePlan);
    const [row] = await query<{ count: number }>(billing.t, sql`select count(*)::int as count from orgs where name = 'Made Up Plan'`);
    expect(row?.count).toBe(0);
  });

  it('never holds the super admin, even in an organization that has not paid', async () => {
    const school = await createSchool(billing.t, billing.s, 'Visited Aero');
    const switched = await billing.s.call('superadmin@skyline.test', 'POST', '/api/me/org', { org_id: school.orgId });
    expect(switched.statusCode, switched.body).toBe(204);
    await expectServed('superadmin@skyline.test');
    expect((await billing.s.call('superadmin@skyline.test', 'GET', '/api/me')).json().is_paid).toBe(true);
    // The demo school paid before billing was switched on: its members keep working.
    await expectServed('student@skyline.test');
  });
});

describe('with billing off nobody is held', () => {
  it('an organization that never paid uses everything', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const s = sessions(() => t);
      const school = await createSchool(t, s, 'Free Skies');
      for (const url of ['/api/trips?page=0', '/api/users?page=0', '/api/aircraft']) expect((await s.call(school.owner, 'GET', url)).statusCode, url).toBe(200);
      expect((await s.call(school.owner, 'GET', '/api/me')).json().is_paid).toBe(true);
    } finally {
      await t.close();
    }
  });
});
