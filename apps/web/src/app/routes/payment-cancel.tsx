import { Link } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { paths } from '../../config/paths.ts';
import { RequireBilling } from '../../features/billing/components/require-billing.tsx';

export function Component() {
  return (
    <RequireBilling offMessage="No payment was taken, and none is needed to use Skylog.">
      <AuthCard title="Payment canceled" subtitle="No payment was taken.">
        <Link to={paths.configuration.billing.path} className="text-brand-600 hover:underline">
          Back to billing
        </Link>
      </AuthCard>
    </RequireBilling>
  );
}
