import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { landingPath } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

/** Only same-site paths: an open redirect would let a link send people elsewhere after sign-in. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : landingPath;
}

export function Component() {
  const me = useMe();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirect(searchParams.get('redirectTo'));

  if (me.isSuccess) return <Navigate to={redirectTo} replace />;
  if (me.isPending) return <p className="p-6 text-sm text-slate-600">Loading...</p>;
  return (
    <AuthCard title="Sign in" subtitle="Flight debriefs and school administration">
      <LoginForm onSuccess={() => navigate(redirectTo, { replace: true })} />
    </AuthCard>
  );
}
