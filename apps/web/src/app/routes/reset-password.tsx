import { useSearchParams } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <AuthCard title="Choose a new password">
      <ResetPasswordForm token={searchParams.get('token') ?? ''} />
    </AuthCard>
  );
}
