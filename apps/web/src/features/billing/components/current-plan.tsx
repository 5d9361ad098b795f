import { messages, isPaidSubscriptionStatus, type BillingState } from '@skylog/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { formatMoney } from '../../../lib/format-money.ts';
import { formatPrice } from '../../../lib/billing-plans.ts';
import { useCreatePortalSession } from '../api/create-portal-session.ts';
import { useUpdateSubscription } from '../api/update-subscription.ts';
import { formatInvoiceStatus, subscriptionStatusLabels, useFormatDate } from './billing-labels.ts';

const badgeTones = {
  good: 'bg-emerald-100 text-emerald-800',
  warning: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-800',
  neutral: 'bg-slate-100 text-slate-700',
} as const;

/** The plan the organization pays for, its status and next date; its admins also cancel, keep it or manage the payment method. */
export function CurrentPlan({ billing }: { billing: BillingState }) {
  const { subscription, latest_invoice: latestInvoice, can_manage: canManage } = billing;
  const formatDate = useFormatDate();
  const update = useUpdateSubscription(billing.customer_id);
  const portal = useCreatePortalSession();
  const confirm = useConfirmDialog();

  const isPaying = subscription !== null && isPaidSubscriptionStatus(subscription.status);
  const periodEnd = subscription?.current_period_end ? formatDate(subscription.current_period_end) : null;
  const status = subscription ? subscriptionStatusLabels[subscription.status] : null;

  const handleCancel = async () => {
    const isConfirmed = await confirm.ask({
      title: 'Cancel your plan?',
      message: periodEnd ? `Skylog stays available until ${periodEnd}.` : 'Skylog stays available until the end of the current period.',
      confirmLabel: 'Cancel plan',
    });
    if (!isConfirmed) return;
    update.mutate(
      { cancel_at_period_end: true },
      {
        onSuccess: () => notify.success(periodEnd ? `Your plan ends on ${periodEnd}.` : 'Your plan ends at the end of the period.'),
        onError: (error) => notify.error(error.message),
      },
    );
  };

  const handleKeep = () =>
    update.mutate(
      { cancel_at_period_end: false },
      { onSuccess: () => notify.success('Your plan renews as usual.'), onError: (error) => notify.error(error.message) },
    );

  const handleManagePayment = () =>
    portal.mutate(undefined, { onSuccess: (url) => window.location.assign(url), onError: (error) => notify.error(error.message) });

  return (
    <section aria-labelledby="current-plan-title" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="current-plan-title" className="text-lg font-semibold text-slate-900">
        Current plan
      </h2>
      {subscription && status ? (
        <div className="flex flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-base font-medium text-slate-900" data-testid="plan-name">
              {subscription.product_name ?? 'Skylog plan'}
            </span>
            {subscription.price ? <span className="text-sm text-slate-600">{formatPrice(subscription.price)}</span> : null}
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${badgeTones[status.tone]}`} data-testid="plan-status">
              {status.label}
            </span>
          </p>
          {status.note ? <p className="text-sm text-slate-700">{status.note}</p> : null}
          {billing.grace_ends_at ? (
            <p className="text-sm text-amber-900" data-testid="grace-ends">
              Skylog keeps working until {formatDate(billing.grace_ends_at)} while Stripe retries the card; after that it is paused until
              the payment goes through.{canManage ? ' Update the payment method to settle it.' : ''}
            </p>
          ) : null}
          {isPaying && periodEnd ? (
            <p className="text-sm text-slate-700">
              {subscription.cancel_at_period_end ? `Ends on ${periodEnd}` : `Renews on ${periodEnd}`}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-700">No plan yet.{canManage ? ' Choose one of the plans below to pay for Skylog.' : null}</p>
      )}
      {latestInvoice ? (
        <p className="text-sm text-slate-600" data-testid="latest-invoice">
          Latest invoice{latestInvoice.number ? ` ${latestInvoice.number}` : ''}: {formatMoney(latestInvoice.total, latestInvoice.currency)}{' '}
          on {formatDate(latestInvoice.created)}, {formatInvoiceStatus(latestInvoice.status).toLowerCase()}
          {latestInvoice.amount_due > latestInvoice.amount_paid && latestInvoice.status === 'open'
            ? ` (${formatMoney(latestInvoice.amount_due - latestInvoice.amount_paid, latestInvoice.currency)} due)`
            : ''}
          .
        </p>
      ) : null}
      {canManage ? (
        <div className="flex flex-wrap gap-2">
          {isPaying && subscription.cancel_at_period_end ? (
            <Button variant="secondary" onClick={handleKeep} disabled={update.isPending}>
              Keep my plan
            </Button>
          ) : null}
          {isPaying && !subscription.cancel_at_period_end ? (
            <Button variant="secondary" onClick={() => void handleCancel()} disabled={update.isPending}>
              Cancel at period end
            </Button>
          ) : null}
          {billing.customer_id ? (
            <Button variant="secondary" onClick={handleManagePayment} disabled={portal.isPending || portal.isSuccess}>
              Manage payment method
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          {billing.org_id
            ? "Your organization's admins manage billing: plans, invoices and the payment method."
            : messages.billingNeedsOrganization}
        </p>
      )}
      {portal.isPending || portal.isSuccess ? (
        <p role="status" className="text-sm text-slate-600">
          Opening Stripe…
        </p>
      ) : null}
      {confirm.dialog}
    </section>
  );
}
