import { Link } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { landingPath } from '../../config/paths.ts';
import { RequireBilling } from '../../features/billing/components/require-billing.tsx';

export function Component() {
  return (
    <RequireBilling offMessage="No payment was taken, and none is needed to use Skylog.">
      <AuthCard title="Payment received" subtitle="Thank you: your subscription is being activated.">
        <Link to={landingPath} className="text-brand-600 hover:underline">
          Go to your flights
        </Link>
      </AuthCard>
    </RequireBilling>
  );
}
