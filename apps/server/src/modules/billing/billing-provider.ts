import { messages } from '@skylog/contracts';
import { BillingProviderError, type BillingProvider } from '../../integrations/stripe/index.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';

/** The configured payment provider; without Stripe keys billing is off and every billing call says so. */
export function requireProvider(ctx: AppContext): BillingProvider {
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

/** Calls Stripe; whatever it refuses comes back as Skylog's error (`describe` words it for the screen that asked). */
export async function withProvider<T>(request: () => Promise<T>, describe?: (status: number, message: string) => string): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerFailure(error, describe);
  }
}
