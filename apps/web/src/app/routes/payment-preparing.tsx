import { messages } from '@skylog/contracts';
import { useSearchParams } from 'react-router';
import { RequireAuth } from '../../features/auth/components/require-auth.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { PaymentPreparing } from '../../features/billing/components/payment-preparing.tsx';
import { RequireBilling } from '../../features/billing/components/require-billing.tsx';

function Preparing() {
  const me = useMe();
  const [search] = useSearchParams();
  if (!me.data) return <p className="p-6 text-sm text-slate-600">{messages.loading}</p>;
  return <PaymentPreparing me={me.data} search={search} />;
}

/**
 * The checkout hand-off (docs/product.md "Billing and the payment hold"): it needs billing on (else it says so), then a
 * signed-in person.
 */
export function Component() {
  return (
    <RequireBilling offMessage="There is no checkout to prepare: your organization can use Skylog without paying.">
      <RequireAuth>
        <Preparing />
      </RequireAuth>
    </RequireBilling>
  );
}
