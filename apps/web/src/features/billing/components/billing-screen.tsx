import type { BillingState } from '@skylog/contracts';
import { BillingLoaded } from './billing-loaded.tsx';
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
  return <BillingLoaded>{(state) => <BillingBody state={state} />}</BillingLoaded>;
}

function BillingBody({ state }: { state: BillingState }) {
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
