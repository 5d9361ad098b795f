import { Link } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { paths } from '../../config/paths.ts';

export function Component() {
  return (
    <AuthCard title="Payment canceled" subtitle="No payment was taken.">
      <Link to={paths.configuration.billing.path} className="text-brand-600 hover:underline">
        Back to billing
      </Link>
    </AuthCard>
  );
}
