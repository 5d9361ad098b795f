import { PaymentCancel } from '../../features/billing/components/payment-cancel.tsx';
import { RequireBilling } from '../../features/billing/components/require-billing.tsx';

export function Component() {
  return (
    <RequireBilling offMessage="No payment was taken, and none is needed to use Skylog.">
      <PaymentCancel />
    </RequireBilling>
  );
}
