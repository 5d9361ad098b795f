import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { paths } from '../../config/paths.ts';
import { useVerifyEmail } from '../../features/auth/api/verify-email.ts';

export function Component() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verification = useVerifyEmail(token);

  let body;
  if (!token) body = <Alert tone="error">This confirmation link is incomplete. Open the link from the e-mail again.</Alert>;
  else if (verification.isPending) body = <p className="text-sm text-slate-600">Loading...</p>;
  else if (verification.error)
    body = <Alert tone="error">This confirmation link is invalid or has expired. Sign in to receive a new one.</Alert>;
  else body = <Alert tone="success">Your e-mail address is confirmed. You can sign in now.</Alert>;

  return (
    <AuthCard title="Confirm your e-mail address">
      <div className="flex flex-col gap-4">
        {body}
        <Link to={paths.login.path} className="text-brand-600 hover:underline">
          Go to sign in
        </Link>
      </div>
    </AuthCard>
  );
}
