import {
  canCallOperation,
  generateSessionFailedMessage,
  limits,
  messages,
  minorUnitsPerMajor,
  isPaidSubscriptionStatus,
  type BillingProduct,
  type BillingState,
  type BillingSubscription,
  type CheckoutConfirmation,
  type SubscriptionChange,
  type SubscriptionStatus,
  type BillingPrice,
  type ChosenPlan,
  type checkoutRequestSchema,
  type purchaseRequestSchema,
} from '@skylog/contracts';
import type { z } from 'zod';
import { billingContactRoles } from '../../access/access-rules.ts';
import { requireOrgReach, requireOrgsCustomer, requireOwnCustomer } from '../../access/access.ts';
import type { BillingProvider, CheckoutSessionInfo } from '../../integrations/stripe/index.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { findOrg } from '../../access/access.repository.ts';
import { requireProvider, withProvider } from './billing-provider.ts';
import * as repository from './billing.repository.ts';
import { graceEndOf } from './paid-standing.ts';
import { syncFromStripe } from './subscription-sync.ts';

// The billing screens' operations (docs/product.md "Billing and the payment hold"): each reads or changes the caller's
// organization at Stripe. Stripe's webhook is billing-webhook.ts; who counts as paid, paid-standing.ts.

// Plans: Stripe's catalogue changes rarely, so each instance keeps it a minute.
const catalogues = new WeakMap<BillingProvider, { at: number; products: Promise<BillingProduct[]> }>();

export async function getProducts(ctx: AppContext): Promise<{ products: BillingProduct[] }> {
  const provider = requireProvider(ctx);
  const cached = catalogues.get(provider);
  if (cached && Date.now() - cached.at < limits.billingCatalogueCacheSeconds * 1000) return { products: await cached.products };
  const products = withProvider(() => provider.listProducts());
  catalogues.set(provider, { at: Date.now(), products });
  // A failed read is not kept: the next request asks Stripe again.
  products.catch(() => catalogues.delete(provider));
  return { products: await products };
}

/** A product's price: its default price (else its first active one). */
export async function getPriceByProduct(ctx: AppContext, productId: string) {
  const { products } = await getProducts(ctx);
  const product = products.find((candidate) => candidate.id === productId);
  const price = product?.prices.find((candidate) => candidate.id === product.default_price_id) ?? product?.prices[0];
  if (!price) throw notFound(messages.getPriceFailed, { productId: messages.getPriceFailed });
  return { price };
}

/**
 * A price of the catalogue of the kind asked for: a plan (an active recurring price of an active product) or an item
 * sold once (the recorder cable); anything else, another organization's or a made-up id included, is refused with the field.
 */
async function requireCataloguePrice(ctx: AppContext, priceId: string, type: BillingPrice['type'], field: string) {
  const { products } = await getProducts(ctx);
  const price = products.flatMap((product) => product.prices).find((candidate) => candidate.id === priceId && candidate.type === type);
  const message = type === 'recurring' ? messages.billingNotOnePlan : messages.billingNotOneOff;
  if (!price) throw badRequest(message, { [field]: message });
  return price;
}

/** A plan chosen before registering must be one of the catalogue's (billing off: none is kept, nobody pays). */
export async function checkChosenPlan(ctx: AppContext, plan: ChosenPlan | null | undefined): Promise<ChosenPlan | null> {
  if (!plan || !ctx.billing) return null;
  await requireCataloguePrice(ctx, plan.price_id, 'recurring', 'plan.price_id');
  return plan;
}

/** Stripe's expansion reaches the product only when asked, and never from a list: the catalogue names it. */
async function withProductNames<T extends BillingSubscription>(ctx: AppContext, subscriptions: T[]): Promise<T[]> {
  if (subscriptions.every((subscription) => subscription.product_name || !subscription.price)) return subscriptions;
  const { products } = await getProducts(ctx);
  const nameOf = (productId: string | undefined) => products.find((product) => product.id === productId)?.name ?? null;
  return subscriptions.map((subscription) => ({ ...subscription, product_name: subscription.product_name ?? nameOf(subscription.price?.product_id) }));
}

const withoutCustomer = <T extends { customerId: unknown }>({ customerId: _customer, ...rest }: T): Omit<T, 'customerId'> => rest;

const mayManage = (actor: RequestUser) => Boolean(actor.orgId) && canCallOperation(actor.role, 'billing.checkout');

export async function getBillingState(ctx: AppContext, { actor }: RequestScope): Promise<BillingState> {
  const base = { org_id: actor.orgId, is_paid: actor.isPaid, chosen_plan: null, contacts: [], grace_ends_at: null, subscription: null, latest_invoice: null };
  if (!ctx.billing) return { ...base, enabled: false, can_manage: false, customer_id: null };
  const provider = ctx.billing;
  const canManage = mayManage(actor);
  const orgId = actor.orgId;
  const [account, chosenPlan, contacts] = orgId
    ? await Promise.all([
        repository.findBillingAccount(ctx.db, orgId),
        canManage ? repository.findChosenPlan(ctx.db, orgId) : null,
        canManage ? [] : repository.findBillingContacts(ctx.db, orgId, billingContactRoles),
      ])
    : [undefined, null, []];
  const subscriptionId = account?.subscriptionId;
  const [subscription, invoices] = await Promise.all([
    subscriptionId ? withProvider(() => provider.getSubscription(subscriptionId)) : null,
    account && canManage ? withProvider(() => provider.listInvoices(account.stripeCustomerId)) : [],
  ]);
  const [named] = subscription ? await withProductNames(ctx, [subscription]) : [];
  return {
    ...base,
    enabled: true,
    can_manage: canManage,
    customer_id: canManage ? (account?.stripeCustomerId ?? null) : null,
    chosen_plan: chosenPlan,
    contacts,
    grace_ends_at: graceEndOf(account)?.toISOString() ?? null,
    subscription: named ? withoutCustomer(named) : null,
    latest_invoice: invoices[0] ?? null,
  };
}

/** A Checkout Session as the browser gets it: where to go, never whose customer or organization it names. */
const publicSession = ({ customerId: _customer, orgId: _org, ...session }: CheckoutSessionInfo) => session;

const describeSessionFailure = (status: number, message: string) => generateSessionFailedMessage(status, message);

/** The organization's first checkout makes its Stripe customer (one per organization, whoever clicks twice). */
async function linkNewCustomer(ctx: AppContext, actor: RequestUser, orgId: string) {
  const provider = requireProvider(ctx);
  const org = await findOrg(ctx.db, orgId);
  const customerId = await withProvider(() => provider.createCustomer({ orgId, name: org?.name ?? orgId, email: actor.email }), describeSessionFailure);
  return repository.linkCustomer(ctx.db, orgId, customerId);
}

const checkoutUrls = (ctx: AppContext) => ({
  successUrl: `${ctx.config.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${ctx.config.appUrl}/payment-cancel`,
});

/** A hosted Stripe Checkout in subscription mode for the caller's organization. */
export async function createCheckout(ctx: AppContext, scope: RequestScope, input: z.output<typeof checkoutRequestSchema>) {
  const provider = requireProvider(ctx);
  const { actor } = scope;
  // Refuses another organization's id; answers null only for someone without an organization.
  const orgId = (await requireOrgReach(ctx, actor, input.orgId, scope))?.id;
  if (!orgId) throw badRequest(messages.billingNeedsOrganization, { orgId: messages.billingNeedsOrganization });
  const price = await requireCataloguePrice(ctx, input.priceId, 'recurring', 'priceId');
  const account = await repository.findBillingAccount(ctx.db, orgId);
  if (input.customerId) await requireOrgsCustomer(ctx, actor, input.customerId, account?.stripeCustomerId, scope);
  if (account) {
    // Stripe's word, not the stored copy (a webhook may be late): a second subscription would charge the school twice.
    const { subscription } = await syncFromStripe(ctx, account, scope);
    if (subscription && isPaidSubscriptionStatus(subscription.status)) throw conflict(messages.billingAlreadySubscribed);
    if (subscription?.status === 'incomplete') throw conflict(messages.billingCheckoutProcessing);
  }
  const customerId = (account ?? (await linkNewCustomer(ctx, actor, orgId))).stripeCustomerId;
  const cableAmount = input.cablePrice ? Math.round(input.cablePrice * minorUnitsPerMajor(price.currency)) : null;
  const session = await withProvider(
    () =>
      provider.createCheckoutSession({
        customerId,
        priceId: price.id,
        currency: price.currency,
        cableAmount,
        coupon: input.coupon ?? null,
        orgId,
        userId: actor.skylogId,
        ...checkoutUrls(ctx),
      }),
    describeSessionFailure,
  );
  await ctx.audit.record({
    actor,
    orgId,
    action: scope.operation,
    resource: `orgs/${orgId}/billing`,
    status: 'success',
    details: { session_id: session.id, price_id: price.id, coupon: input.coupon ?? null, cable_amount: cableAmount, customer_id: customerId },
  });
  return { session: publicSession(session) };
}

/** A one-off item of the catalogue (the recorder cable) for the caller's organization: Checkout in payment mode, with an invoice. */
export async function createPurchase(ctx: AppContext, { actor, operation }: RequestScope, input: z.output<typeof purchaseRequestSchema>) {
  const provider = requireProvider(ctx);
  const orgId = actor.orgId;
  if (!orgId) throw badRequest(messages.billingNeedsOrganization, { price_id: messages.billingNeedsOrganization });
  const price = await requireCataloguePrice(ctx, input.price_id, 'one_time', 'price_id');
  const account = (await repository.findBillingAccount(ctx.db, orgId)) ?? (await linkNewCustomer(ctx, actor, orgId));
  const customerId = account.stripeCustomerId;
  const session = await withProvider(
    () => provider.createPurchaseSession({ customerId, priceId: price.id, quantity: input.quantity, orgId, userId: actor.skylogId, ...checkoutUrls(ctx) }),
    describeSessionFailure,
  );
  await ctx.audit.record({
    actor,
    orgId,
    action: operation,
    resource: `orgs/${orgId}/billing`,
    status: 'success',
    details: { session_id: session.id, price_id: price.id, quantity: input.quantity, customer_id: customerId },
  });
  return { session: publicSession(session) };
}

/** /payment-success asks here: Skylog reads the session from Stripe itself and never trusts the address. */
export async function confirmCheckout(ctx: AppContext, scope: RequestScope, sessionId: string): Promise<CheckoutConfirmation> {
  const provider = requireProvider(ctx);
  const session = await withProvider(() => provider.getCheckoutSession(sessionId));
  if (!session?.customerId) throw notFound(messages.billingCheckoutNotFound);
  const account = await requireOwnCustomer(ctx, scope.actor, session.customerId, scope);
  if (session.orgId && session.orgId !== account.orgId) throw notFound(messages.billingCheckoutNotFound);
  const answer = { mode: session.mode, status: session.status, payment_status: session.payment_status };
  if (session.status !== 'complete') return { ...answer, is_paid: account.isPaid };
  const { isPaid } = await syncFromStripe(ctx, account, scope);
  return { ...answer, is_paid: isPaid };
}

async function requireManagedAccount(ctx: AppContext, actor: RequestUser) {
  const account = actor.orgId ? await repository.findBillingAccount(ctx.db, actor.orgId) : undefined;
  if (!account) throw conflict(messages.billingNoCustomer);
  return account;
}

export async function listSubscriptions(ctx: AppContext, scope: RequestScope, customerId: string) {
  const provider = requireProvider(ctx);
  await requireOwnCustomer(ctx, scope.actor, customerId, scope);
  const subscriptions = await withProductNames(ctx, await withProvider(() => provider.listSubscriptions(customerId)));
  return { subscriptions: subscriptions.map(withoutCustomer) };
}

export async function getSubscription(ctx: AppContext, scope: RequestScope, id: string) {
  const provider = requireProvider(ctx);
  const found = await withProvider(() => provider.getSubscription(id));
  if (!found) throw notFound();
  await requireOwnCustomer(ctx, scope.actor, found.customerId, scope);
  return { subscription: withoutCustomer(found) };
}

export async function listInvoices(ctx: AppContext, scope: RequestScope, customerId: string) {
  const provider = requireProvider(ctx);
  await requireOwnCustomer(ctx, scope.actor, customerId, scope);
  return { invoices: await withProvider(() => provider.listInvoices(customerId)) };
}

export async function getInvoice(ctx: AppContext, scope: RequestScope, id: string) {
  const provider = requireProvider(ctx);
  const found = await withProvider(() => provider.getInvoice(id));
  if (!found) throw notFound();
  await requireOwnCustomer(ctx, scope.actor, found.customerId, scope);
  return { invoice: withoutCustomer(found) };
}

/** Cancel at period end (or keep), or change the plan; Stripe's answer is then read back like a webhook's. */
export async function updateSubscription(ctx: AppContext, scope: RequestScope, change: SubscriptionChange) {
  const provider = requireProvider(ctx);
  const account = await requireManagedAccount(ctx, scope.actor);
  const subscriptionId = account.subscriptionId;
  if (!subscriptionId || !isPaidSubscriptionStatus(account.subscriptionStatus as SubscriptionStatus | null)) throw conflict(messages.billingNoSubscription);
  if (change.price_id) {
    await requireCataloguePrice(ctx, change.price_id, 'recurring', 'price_id');
    if (change.price_id === account.priceId) throw badRequest(messages.billingSamePlan, { price_id: messages.billingSamePlan });
  }
  const updated = await withProvider(() => provider.updateSubscription(subscriptionId, { cancelAtPeriodEnd: change.cancel_at_period_end, priceId: change.price_id }));
  // Stripe has changed it: who asked is recorded now, whatever happens to the read-back.
  await ctx.audit.record({
    actor: scope.actor,
    orgId: account.orgId,
    action: scope.operation,
    resource: `orgs/${account.orgId}/billing`,
    status: 'success',
    details: { subscription_id: subscriptionId, ...change, status: updated.status },
  });
  try {
    const { subscription } = await syncFromStripe(ctx, account, scope);
    if (subscription?.id === updated.id) return { subscription };
  } catch {
    // Stripe answered the change but not the read-back: the webhook it sends brings the stored state up to date.
  }
  return { subscription: updated };
}

/** Stripe's customer portal, where the payment method is managed. */
export async function createPortalSession(ctx: AppContext, { actor, operation }: RequestScope) {
  const provider = requireProvider(ctx);
  const account = await requireManagedAccount(ctx, actor);
  const url = await withProvider(() => provider.createPortalSession(account.stripeCustomerId, `${ctx.config.appUrl}/configuration/billing`));
  await ctx.audit.record({ actor, orgId: account.orgId, action: operation, resource: `orgs/${account.orgId}/billing`, status: 'success' });
  return { url };
}
