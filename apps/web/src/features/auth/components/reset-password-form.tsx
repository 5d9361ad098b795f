import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetFormSchema } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { getErrorMessage } from '../utils/field-errors.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type ResetValues = z.input<typeof passwordResetFormSchema>;

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const form = useForm<ResetValues>({
    resolver: zodResolver(passwordResetFormSchema),
    mode: 'onChange',
    defaultValues: { password: '', confirmation: '' },
  });

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

  const handleSubmit = form.handleSubmit(({ password }) => reset.mutate({ token, newPassword: password }));

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      {reset.error ? <Alert tone="error">{getErrorMessage(reset.error)}</Alert> : null}
      <NewPasswordFields form={form} labels={{ password: 'New password', confirmation: 'Repeat new password' }} />
      <Button type="submit" isLoading={reset.isPending}>
        Change password
      </Button>
    </form>
  );
}
