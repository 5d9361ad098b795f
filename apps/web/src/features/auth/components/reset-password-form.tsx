import { limits } from '@skylog/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { paths } from '../../../config/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { getErrorMessage } from '../utils/field-errors.ts';
import { getPasswordErrors } from '../utils/password-rules.ts';

export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const reset = useResetPassword();
  const errors = getPasswordErrors(password, confirmation);

  if (!token) return <Alert tone="error">This reset link is incomplete. Ask for a new one from the sign-in screen.</Alert>;
  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">Your password has been changed. Sign in with your new password.</Alert>
        <Link to={paths.login.path} className="text-brand-600 hover:underline">
          Go to sign in
        </Link>
      </div>
    );
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!errors.password && !errors.confirmation) reset.mutate({ token, newPassword: password });
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      {reset.error ? <Alert tone="error">{getErrorMessage(reset.error)}</Alert> : null}
      <TextInput
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={password ? errors.password : undefined}
        minLength={limits.passwordMinLength}
      />
      <TextInput
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={confirmation ? errors.confirmation : undefined}
      />
      <Button type="submit" isLoading={reset.isPending} disabled={Boolean(errors.password || errors.confirmation)}>
        Change password
      </Button>
    </form>
  );
}
