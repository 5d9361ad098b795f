import { messages } from '@skylog/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { landingPath } from '../../../config/paths.ts';
import { useIsBillingEnabled } from '../api/get-billing-status.ts';

function BackToFlights() {
  return (
    <Link to={landingPath} className="text-brand-600 hover:underline">
      Back to the Flights list
    </Link>
  );
}

/**
 * A payment screen shows its content only where billing is on. While it is off (no payment provider configured, every
 * organization treated as paid: docs/product.md "Billing and the payment hold") it says so instead, never claims a
 * payment nor shows checkout ids, and leads back into the app.
 */
export function RequireBilling({ offMessage, children }: { offMessage: string; children: ReactNode }) {
  const isBillingEnabled = useIsBillingEnabled();
  if (isBillingEnabled.data === true) return children;
  if (isBillingEnabled.isPending) return <p className="p-6 text-sm text-slate-600">{messages.loading}</p>;
  if (isBillingEnabled.error) {
    return (
      <AuthCard title="Billing">
        <div className="flex flex-col gap-4">
          <Alert tone="error">{isBillingEnabled.error.message}</Alert>
          <BackToFlights />
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Billing is off" subtitle="This installation takes no payments: every organization is treated as paid.">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{offMessage}</p>
        <BackToFlights />
      </div>
    </AuthCard>
  );
}
