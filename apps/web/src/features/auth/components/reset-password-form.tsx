import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { getErrorMessage } from '../utils/field-errors.ts';
import { isNewPasswordValid, NewPasswordFields } from './new-password-fields.tsx';

export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const reset = useResetPassword();
  const isValid = isNewPasswordValid(password, confirmation);

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
    if (isValid) reset.mutate({ token, newPassword: password });
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      {reset.error ? <Alert tone="error">{getErrorMessage(reset.error)}</Alert> : null}
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        labels={{ password: 'New password', confirmation: 'Repeat new password' }}
      />
      <Button type="submit" isLoading={reset.isPending} disabled={!isValid}>
        Change password
      </Button>
    </form>
  );
}
