import { Screen } from '../../../components/ui/screen.tsx';
import { SubscriptionInactive } from '../../../features/billing/components/subscription-inactive.tsx';

/** Where a member of a school without an active subscription waits (docs/product.md "Billing and the payment hold"). */
export function Component() {
  return (
    <Screen title="Subscription" description="Your school's Skylog subscription.">
      <SubscriptionInactive />
    </Screen>
  );
}
