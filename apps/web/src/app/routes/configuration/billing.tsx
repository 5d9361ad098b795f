import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Billing" description="Plan, invoices and payment method." />;
}
