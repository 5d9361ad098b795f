import { accountMessages, providerSignInErrors } from '@skylog/contracts';
import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { landingPath } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { storeCheckoutValuesFromLink } from '../../lib/checkout-storage.ts';

/** Only same-site paths: an open redirect would let a link send people elsewhere after sign-in. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : landingPath;
}

export function Component() {
  const me = useMe();
  const [searchParams] = useSearchParams();
  // Set when this visit submits the form: the account then loads and the return address applies.
  const hasSubmittedRef = useRef(false);
  // A pricing link (/login?price_id=…&org_id=…) keeps its plan for the checkout after sign-in
  // (docs/product.md "Billing and the payment hold").
  useEffect(() => storeCheckoutValuesFromLink(searchParams), [searchParams]);

  if (me.isSuccess) {
    // Someone already signed in who opens /login goes to the flights list (docs/product.md "Who opens which screen");
    // someone who has just signed in returns to where they were sent from.
    const target = hasSubmittedRef.current ? safeRedirect(searchParams.get('redirectTo')) : landingPath;
    return <Navigate to={target} replace />;
  }
  if (me.isPending) return <p className="p-6 text-sm text-slate-600">Loading...</p>;
  // A provider's sign-in comes back here when refused (?error=…) or when its second step is due (?second_step=1).
  const providerError = searchParams.get('error');
  return (
    <AuthCard title="Sign in" subtitle="Flight debriefs and school administration">
      <LoginForm
        onSubmit={() => (hasSubmittedRef.current = true)}
        notice={providerError ? (providerSignInErrors[providerError] ?? accountMessages.providerSignInFailed) : null}
        isSecondStepDue={searchParams.get('second_step') === '1'}
        afterProviderSignIn={safeRedirect(searchParams.get('redirectTo'))}
      />
    </AuthCard>
  );
}
