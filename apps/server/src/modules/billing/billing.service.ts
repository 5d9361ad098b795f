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
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { billingContactRoles } from '../../access/access-rules.ts';
import { requireOrgReach, requireOrgsCustomer, requireOwnCustomer, type AccessContext } from '../../access/access.ts';
import type { Executor } from '../../db/client.ts';
import { BillingProviderError, WebhookSignatureError, type BillingProvider, type CheckoutSessionInfo } from '../../integrations/stripe/index.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { RequestUser } from '../../lib/request-user.ts';
import { findOrg } from '../orgs/orgs.repository.ts';
import * as repository from './billing.repository.ts';
import { graceEndOf, isSubscriptionPaying } from './paid-standing.ts';

function requireProvider(ctx: AppContext): BillingProvider {
  if (!ctx.billing) throw new AppError('not_configured', messages.billingNotConfigured);
  return ctx.billing;
}

/** Stripe's request parameters, named as Skylog's fields. */
const fieldOfParam = (param: string | undefined): string | undefined => {
  if (!param) return undefined;
  if (param.startsWith('discounts')) return 'coupon';
  if (param.startsWith('line_items[1]')) return 'cablePrice';
  if (param.startsWith('line_items') || param === 'price') return 'priceId';
  if (param === 'customer') return 'customerId';
  return param;
};

/** A provider failure as Skylog's error: Stripe's own refusal keeps its words and field; an outage says so. */
function providerFailure(error: unknown, describe: (status: number, message: string) => string = (_status, message) => message): unknown {
  if (!(error instanceof BillingProviderError)) return error;
  if (error.kind === 'unavailable') return new AppError('provider_unavailable', describe(error.status, messages.billingUnavailable));
  if (error.kind === 'misconfigured') return new AppError('not_configured', messages.billingMisconfigured);
  const message = describe(error.status, error.message);
  const field = fieldOfParam(error.param);
  if (error.kind === 'not_found') return notFound(message);
  return badRequest(message, field ? { [field]: error.message } : undefined);
}

async function withProvider<T>(request: () => Promise<T>, describe?: (status: number, message: string) => string): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerFailure(error, describe);
  }
}

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

/** docs/product-spec.md §7 getPriceByProductId: the product's default price (else its first active one). */
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

/** The subscription that decides: the newest one still paying, else the newest of all. */
function decidingSubscription(subscriptions: BillingSubscription[]): BillingSubscription | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created.localeCompare(a.created));
  return newestFirst.find((subscription) => isPaidSubscriptionStatus(subscription.status)) ?? newestFirst[0] ?? null;
}

type SyncCause = { actor: RequestUser; action: string } | { event: { id: string; type: string; createdAt: number } };

/** Stripe's expansion reaches the product only when asked, and never from a list: the catalogue names it. */
async function withProductNames<T extends BillingSubscription>(ctx: AppContext, subscriptions: T[]): Promise<T[]> {
  if (subscriptions.every((subscription) => subscription.product_name || !subscription.price)) return subscriptions;
  const { products } = await getProducts(ctx);
  const nameOf = (productId: string | undefined) => products.find((product) => product.id === productId)?.name ?? null;
  return subscriptions.map((subscription) => ({ ...subscription, product_name: subscription.product_name ?? nameOf(subscription.price?.product_id) }));
}

/**
 * Reads the customer's subscriptions from Stripe and stores what they say, with every member's is_paid.
 * Re-reading (never trusting an event's copy) makes the arrival order of webhooks irrelevant; the time the
 * answer arrived guards against an older answer committing after a newer one. `inTransaction` runs in the
 * same transaction (the webhook records its event id there, so a replay racing it has no second effect).
 * A webhook's application is always audited; a sync a person's request made, only when something changed.
 */
async function syncFromStripe(ctx: AppContext, account: repository.BillingAccount, cause: SyncCause, inTransaction?: (tx: Executor) => Promise<void>) {
  const provider = requireProvider(ctx);
  const subscription = decidingSubscription(await withProvider(() => provider.listSubscriptions(account.stripeCustomerId)));
  const readAt = new Date();
  const status = subscription?.status ?? null;
  const stored = await ctx.db.transaction(async (tx) => {
    await inTransaction?.(tx);
    const previous = await repository.lockBillingAccount(tx, account.orgId);
    // A newer read is already stored (two webhooks racing): the older one never wins.
    if (!previous || (previous.syncedAt && previous.syncedAt >= readAt)) return undefined;
    // The grace period of a failed renewal runs from the first read that found it past due.
    const pastDueSince = status === 'past_due' ? (previous.subscriptionStatus === 'past_due' ? previous.pastDueSince : null) ?? readAt : null;
    const state: repository.SubscriptionState = {
      subscriptionId: subscription?.id ?? null,
      subscriptionStatus: status,
      priceId: subscription?.price?.id ?? null,
      cancelAtPeriodEnd: subscription?.cancel_at_period_end ?? false,
      currentPeriodEnd: subscription?.current_period_end ? new Date(subscription.current_period_end) : null,
      pastDueSince,
      isPaid: isSubscriptionPaying(status, pastDueSince, readAt),
    };
    await repository.storeSubscriptionState(tx, account.orgId, state, readAt);
    await repository.setOrgMembersPaid(tx, account.orgId, state.isPaid);
    if (state.isPaid) await repository.forgetChosenPlan(tx, account.orgId);
    return { before: previous, state };
  });
  // Stored unless a newer read already was (then that one's entry tells the story).
  if (stored) {
    const { before, state } = stored;
    const was = { status: before.subscriptionStatus, price_id: before.priceId, is_paid: before.isPaid, cancel_at_period_end: before.cancelAtPeriodEnd };
    const now = { status: state.subscriptionStatus, price_id: state.priceId, is_paid: state.isPaid, cancel_at_period_end: state.cancelAtPeriodEnd };
    const isChange = JSON.stringify(was) !== JSON.stringify(now);
    if ('event' in cause || isChange) {
      await ctx.audit.record({
        actor: 'actor' in cause ? cause.actor : null,
        orgId: account.orgId,
        action: 'actor' in cause ? cause.action : 'billing.webhook',
        resource: `orgs/${account.orgId}/billing`,
        status: 'success',
        details: {
          customer_id: account.stripeCustomerId,
          before: was,
          after: now,
          ...('event' in cause ? { event_id: cause.event.id, event_type: cause.event.type, event_created: new Date(cause.event.createdAt).toISOString() } : {}),
        },
      });
    }
  }
  // A newer read may have won meanwhile: answer what is stored.
  const now = await repository.findBillingAccount(ctx.db, account.orgId);
  return { isPaid: now?.isPaid ?? false, subscription };
}

/** Whether someone joining the organization now pays through it (billing off: everyone counts as paid). */
export async function isNewMemberPaid(ctx: AppContext, tx: Executor, orgId: string | null): Promise<boolean> {
  if (!ctx.billing) return true;
  if (!orgId) return false;
  // Shared lock: a sync of the organization's state waits for this member to be written, or this read waits for it.
  const account = await repository.findBillingAccount(tx, orgId, { isLocked: true });
  // An organization from before billing was switched on (or whose first checkout never finished) has never been
  // read from Stripe: its members' standing carries over.
  return account?.syncedAt ? account.isPaid : repository.isAnyMemberPaid(tx, orgId);
}

const withoutCustomer = <T extends { customerId: unknown }>({ customerId: _customer, ...rest }: T): Omit<T, 'customerId'> => rest;

const mayManage = (actor: RequestUser) => Boolean(actor.orgId) && canCallOperation(actor.role, 'billing.checkout');

export async function getBillingState(ctx: AppContext, actor: RequestUser): Promise<BillingState> {
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

/** docs/product-spec.md §7 generateStripeSession: a hosted Checkout in subscription mode for the caller's organization. */
export async function createCheckout(ctx: AppContext, actor: RequestUser, input: z.output<typeof checkoutRequestSchema>, path: string) {
  const provider = requireProvider(ctx);
  const at: AccessContext = { operation: 'billing.checkout', path };
  // Refuses another organization's id; answers null only for someone without an organization.
  const orgId = await requireOrgReach(ctx, actor, input.orgId, at);
  if (!orgId) throw badRequest(messages.billingNeedsOrganization, { orgId: messages.billingNeedsOrganization });
  const price = await requireCataloguePrice(ctx, input.priceId, 'recurring', 'priceId');
  const account = await repository.findBillingAccount(ctx.db, orgId);
  if (input.customerId) await requireOrgsCustomer(ctx, actor, input.customerId, account?.stripeCustomerId, at);
  if (account) {
    // Stripe's word, not the stored copy (a webhook may be late): a second subscription would charge the school twice.
    const { subscription } = await syncFromStripe(ctx, account, { actor, action: 'billing.checkout' });
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
    action: 'billing.checkout',
    resource: `orgs/${orgId}/billing`,
    status: 'success',
    details: { session_id: session.id, price_id: price.id, coupon: input.coupon ?? null, cable_amount: cableAmount, customer_id: customerId },
  });
  return { session: publicSession(session) };
}

/** A one-off item of the catalogue (the recorder cable) for the caller's organization: Checkout in payment mode, with an invoice. */
export async function createPurchase(ctx: AppContext, actor: RequestUser, input: z.output<typeof purchaseRequestSchema>) {
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
    action: 'billing.purchase',
    resource: `orgs/${orgId}/billing`,
    status: 'success',
    details: { session_id: session.id, price_id: price.id, quantity: input.quantity, customer_id: customerId },
  });
  return { session: publicSession(session) };
}

/** /payment-success asks here: Skylog reads the session from Stripe itself and never trusts the address. */
export async function confirmCheckout(ctx: AppContext, actor: RequestUser, sessionId: string, path: string): Promise<CheckoutConfirmation> {
  const provider = requireProvider(ctx);
  const session = await withProvider(() => provider.getCheckoutSession(sessionId));
  if (!session?.customerId) throw notFound(messages.billingCheckoutNotFound);
  const account = await requireOwnCustomer(ctx, actor, session.customerId, { operation: 'billing.confirm-checkout', path });
  if (session.orgId && session.orgId !== account.orgId) throw notFound(messages.billingCheckoutNotFound);
  const answer = { mode: session.mode, status: session.status, payment_status: session.payment_status };
  if (session.status !== 'complete') return { ...answer, is_paid: account.isPaid };
  const { isPaid } = await syncFromStripe(ctx, account, { actor, action: 'billing.confirm-checkout' });
  return { ...answer, is_paid: isPaid };
}

async function requireManagedAccount(ctx: AppContext, actor: RequestUser) {
  const account = actor.orgId ? await repository.findBillingAccount(ctx.db, actor.orgId) : undefined;
  if (!account) throw conflict(messages.billingNoCustomer);
  return account;
}

export async function listSubscriptions(ctx: AppContext, actor: RequestUser, customerId: string, path: string) {
  const provider = requireProvider(ctx);
  await requireOwnCustomer(ctx, actor, customerId, { operation: 'billing.subscriptions', path });
  const subscriptions = await withProductNames(ctx, await withProvider(() => provider.listSubscriptions(customerId)));
  return { subscriptions: subscriptions.map(withoutCustomer) };
}

export async function getSubscription(ctx: AppContext, actor: RequestUser, id: string, path: string) {
  const provider = requireProvider(ctx);
  const found = await withProvider(() => provider.getSubscription(id));
  if (!found) throw notFound();
  await requireOwnCustomer(ctx, actor, found.customerId, { operation: 'billing.subscription', path });
  return { subscription: withoutCustomer(found) };
}

export async function listInvoices(ctx: AppContext, actor: RequestUser, customerId: string, path: string) {
  const provider = requireProvider(ctx);
  await requireOwnCustomer(ctx, actor, customerId, { operation: 'billing.invoices', path });
  return { invoices: await withProvider(() => provider.listInvoices(customerId)) };
}

export async function getInvoice(ctx: AppContext, actor: RequestUser, id: string, path: string) {
  const provider = requireProvider(ctx);
  const found = await withProvider(() => provider.getInvoice(id));
  if (!found) throw notFound();
  await requireOwnCustomer(ctx, actor, found.customerId, { operation: 'billing.invoice', path });
  return { invoice: withoutCustomer(found) };
}

/** Cancel at period end (or keep), or change the plan; Stripe's answer is then read back like a webhook's. */
export async function updateSubscription(ctx: AppContext, actor: RequestUser, change: SubscriptionChange) {
  const provider = requireProvider(ctx);
  const account = await requireManagedAccount(ctx, actor);
  const subscriptionId = account.subscriptionId;
  if (!subscriptionId || !isPaidSubscriptionStatus(account.subscriptionStatus as SubscriptionStatus | null)) throw conflict(messages.billingNoSubscription);
  if (change.price_id) {
    await requireCataloguePrice(ctx, change.price_id, 'recurring', 'price_id');
    if (change.price_id === account.priceId) throw badRequest(messages.billingSamePlan, { price_id: messages.billingSamePlan });
  }
  const updated = await withProvider(() => provider.updateSubscription(subscriptionId, { cancelAtPeriodEnd: change.cancel_at_period_end, priceId: change.price_id }));
  // Stripe has changed it: who asked is recorded now, whatever happens to the read-back.
  await ctx.audit.record({
    actor,
    orgId: account.orgId,
    action: 'billing.update-subscription',
    resource: `orgs/${account.orgId}/billing`,
    status: 'success',
    details: { subscription_id: subscriptionId, ...change, status: updated.status },
  });
  try {
    const { subscription } = await syncFromStripe(ctx, account, { actor, action: 'billing.update-subscription' });
    if (subscription?.id === updated.id) return { subscription };
  } catch {
    // Stripe answered the change but not the read-back: the webhook it sends brings the stored state up to date.
  }
  return { subscription: updated };
}

/** Stripe's customer portal, where the payment method is managed. */
export async function createPortalSession(ctx: AppContext, actor: RequestUser) {
  const provider = requireProvider(ctx);
  const account = await requireManagedAccount(ctx, actor);
  const url = await withProvider(() => provider.createPortalSession(account.stripeCustomerId, `${ctx.config.appUrl}/configuration/billing`));
  await ctx.audit.record({ actor, orgId: account.orgId, action: 'billing.portal', resource: `orgs/${account.orgId}/billing`, status: 'success' });
  return { url };
}

/** The events that can change what an organization pays for; the rest are answered and recorded as ignored. */
const handledEvents = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

class ReplayedEvent extends Error {}

/**
 * POST /api/billing/webhook: verified on the raw body, applied once per event id. Whatever cannot be
 * applied (an unknown customer, an organization that does not match, an event Skylog does not use) is
 * logged and answered 200, so Stripe does not retry it forever; a failure while re-reading Stripe answers
 * 502, so Stripe retries later, with nothing stored.
 */
export async function receiveWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined, log: Pick<FastifyBaseLogger, 'warn' | 'error'>) {
  const provider = requireProvider(ctx);
  let event;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError('bad_request', messages.billingWebhookSignature, { 'stripe-signature': error.message });
    throw error;
  }
  if (await repository.isEventRecorded(ctx.db, event.id)) return { received: true as const, duplicate: true };
  const account = event.customerId ? await repository.findBillingAccountByCustomer(ctx.db, event.customerId) : undefined;
  const record = (tx: Executor, outcome: 'applied' | 'ignored') =>
    repository.recordEvent(tx, { id: event.id, type: event.type, createdAt: new Date(event.createdAt), orgId: account?.orgId ?? null, outcome });
  const ignore = async (reason: string) => {
    log.warn({ eventId: event.id, type: event.type, customerId: event.customerId, reason }, 'stripe webhook ignored');
    const isFirst = await record(ctx.db, 'ignored');
    return { received: true as const, duplicate: !isFirst };
  };
  if (!handledEvents.has(event.type)) return ignore('event type not used');
  if (!account) return ignore('unknown customer');
  if (event.orgId && event.orgId !== account.orgId) return ignore(`metadata names organization ${event.orgId}, the customer pays for ${account.orgId}`);
  try {
    await syncFromStripe(ctx, account, { event }, async (tx) => {
      if (!(await record(tx, 'applied'))) throw new ReplayedEvent();
    });
  } catch (error) {
    if (error instanceof ReplayedEvent) return { received: true as const, duplicate: true };
    // Whatever Stripe answered while being re-read, this event is not applied: a 5xx makes Stripe send it again
    // (a 4xx would read as a bad signature).
    log.error({ err: error, eventId: event.id, type: event.type }, 'stripe webhook not applied');
    throw error instanceof AppError && error.code === 'provider_unavailable' ? error : new AppError('provider_unavailable', messages.billingUnavailable);
  }
  return { received: true as const };
}
