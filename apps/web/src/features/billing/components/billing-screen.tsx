import { messages } from '@skylog/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useBilling } from '../api/get-billing.ts';
import { CurrentPlan } from './current-plan.tsx';
import { InvoiceTable } from './invoice-table.tsx';
import { OneOffList } from './one-off-list.tsx';
import { PaymentHoldNotice } from './payment-hold-notice.tsx';
import { PlanList } from './plan-list.tsx';

/**
 * The Billing screen's body: the organization's plan for everyone who may open it; plans, equipment sold once,
 * invoices, cancellation and the payment method for its admins only (the server says who with `can_manage`).
 */
export function BillingScreen() {
  const billing = useBilling();

  if (billing.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  if (billing.error) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert tone="error">{billing.error.message}</Alert>
        <Button variant="secondary" onClick={() => void billing.refetch()} disabled={billing.isFetching}>
          Try again
        </Button>
      </div>
    );
  }

  const state = billing.data;
  if (!state.enabled) {
    return (
      <section
        aria-labelledby="billing-off-title"
        className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="billing-off-title" className="text-lg font-semibold text-slate-900">
          Billing is off
        </h2>
        <p className="text-sm text-slate-700">
          Billing is off on this server: every organization is treated as paid, so there is nothing to pay.
        </p>
      </section>
    );
  }

  return (
    <>
      <PaymentHoldNotice billing={state} />
      <CurrentPlan billing={state} />
      {state.can_manage ? (
        <>
          <PlanList billing={state} />
          <OneOffList billing={state} />
          <InvoiceTable customerId={state.customer_id} />
        </>
      ) : null}
    </>
  );
}
