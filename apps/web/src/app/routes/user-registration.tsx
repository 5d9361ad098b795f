import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { landingPath } from '../../config/paths.ts';
import { InvitationRegistrationForm } from '../../features/auth/components/invitation-registration-form.tsx';
import { SchoolRegistrationForm } from '../../features/auth/components/school-registration-form.tsx';
import { storeCheckoutValuesFromLink } from '../../lib/checkout-storage.ts';

/** With an invitation token: join a school. Without: register a new school. */
export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token');
  // A registration link from a pricing page carries the plan, cable price and coupon to pay with
  // (docs/product.md "Billing and the payment hold").
  useEffect(() => storeCheckoutValuesFromLink(searchParams), [searchParams]);
  if (token) {
    return (
      <AuthCard title="Create your account" subtitle="Choose your name and a password to accept the invitation.">
        <InvitationRegistrationForm token={token} onRegistered={() => navigate(landingPath, { replace: true })} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Register your school" subtitle="Create your flight school on Skylog and become its administrator.">
      <SchoolRegistrationForm />
    </AuthCard>
  );
}
