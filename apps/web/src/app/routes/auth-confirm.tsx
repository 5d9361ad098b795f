import { emailChangedMessage, messages } from '@skylog/contracts';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { paths } from '../../config/paths.ts';
import { useConfirmEmailChange } from '../../features/auth/api/confirm-email-change.ts';
import { useVerifyEmail } from '../../features/auth/api/verify-email.ts';

const incompleteLink = <Alert tone="error">This confirmation link is incomplete. Open the link from the e-mail again.</Alert>;
const loading = <p className="text-sm text-slate-600">{messages.loading}</p>;

/** The links of two e-mails: `?token=` confirms a new account's address, `?email_change_token=` a new sign-in e-mail. */
export function Component() {
  const [searchParams] = useSearchParams();
  const emailChangeToken = searchParams.get('email_change_token');
  return (
    <AuthCard title="Confirm your e-mail address">
      <div className="flex flex-col gap-4">
        {emailChangeToken === null ? (
          <EmailVerification token={searchParams.get('token') ?? ''} />
        ) : (
          <EmailChange token={emailChangeToken} />
        )}
        <Link to={paths.login.path} className="text-brand-600 hover:underline">
          Go to sign in
        </Link>
      </div>
    </AuthCard>
  );
}

function EmailVerification({ token }: { token: string }) {
  const verification = useVerifyEmail(token);
  if (!token) return incompleteLink;
  if (verification.isPending) return loading;
  if (verification.error)
    return <Alert tone="error">This confirmation link is invalid or has expired. Sign in to receive a new one.</Alert>;
  return <Alert tone="success">Your e-mail address is confirmed. You can sign in now.</Alert>;
}

function EmailChange({ token }: { token: string }) {
  const confirmation = useConfirmEmailChange(token);
  if (!token) return incompleteLink;
  if (confirmation.isPending) return loading;
  // The server's words: an invalid or expired link says to ask again from the profile.
  if (confirmation.error) return <Alert tone="error">{confirmation.error.message}</Alert>;
  return <Alert tone="success">{emailChangedMessage(confirmation.data.email)}</Alert>;
}
