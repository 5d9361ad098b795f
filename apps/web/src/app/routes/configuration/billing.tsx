import { Screen } from '../../../components/ui/screen.tsx';
import { BillingScreen } from '../../../features/billing/components/billing-screen.tsx';

export function Component() {
  return (
    <Screen title="Billing" description="Your organization's plan, invoices and payment method.">
      <BillingScreen />
    </Screen>
  );
}
