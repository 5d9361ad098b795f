import { messages, type BillingState } from '@skylog/contracts';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useBilling } from '../api/get-billing.ts';

/** The caller's billing state once it has loaded: 'Loading...' meanwhile, and a failed load with a way to try again. */
export function BillingLoaded({ children }: { children: (state: BillingState) => ReactNode }) {
  const billing = useBilling();
  if (billing.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  if (billing.error) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert tone="error">{billing.error.message}</Alert>
        <Button variant="secondary" onClick={() => void billing.refetch()} disabled={billing.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  return children(billing.data);
}
