import { messages } from '@skylog/contracts';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { RequireBilling } from '../../features/billing/components/require-billing.tsx';

/** The checkout hand-off of spec §2 (price_id, org_id, cable_price, coupon); checkout itself arrives with billing. */
export function Component() {
  return (
    <RequireBilling offMessage="There is no checkout to prepare: your organization can use Skylog without paying.">
      <AuthCard title="Preparing your checkout" subtitle="Your plan and organization are kept while payment is prepared.">
        <p className="text-sm text-slate-600">{messages.loading}</p>
      </AuthCard>
    </RequireBilling>
  );
}
