import { useSearchParams } from 'react-router';
import { RequireAuth } from '../../features/auth/components/require-auth.tsx';
import { PaymentSuccess } from '../../features/billing/components/payment-success.tsx';
import { RequireBilling } from '../../features/billing/components/require-billing.tsx';

export function Component() {
  const [search] = useSearchParams();
  return (
    <RequireBilling offMessage="No payment was taken, and none is needed to use Skylog.">
      <RequireAuth>
        <PaymentSuccess sessionId={search.get('session_id')} />
      </RequireAuth>
    </RequireBilling>
  );
}
