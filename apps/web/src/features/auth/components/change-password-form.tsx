import { zodResolver } from '@hookform/resolvers/zod';
import { messages, passwordChangeFormSchema } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CurrentPasswordInput } from '../../../components/ui/current-password-input.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { getErrorMessage, getFieldErrors } from '../utils/field-errors.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type ChangeValues = z.input<typeof passwordChangeFormSchema>;

/** The current password, then the new one twice under the same rules as registration and reset. */
export function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const change = useChangePassword();
  const form = useForm<ChangeValues>({
    resolver: zodResolver(passwordChangeFormSchema),
    mode: 'onChange',
    defaultValues: { currentPassword: '', password: '', confirmation: '' },
  });

  if (change.isSuccess) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="success">{messages.passwordChanged}</Alert>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    );
  }

  const handleSubmit = form.handleSubmit(({ currentPassword, password }) =>
    change.mutate(
      { currentPassword, newPassword: password },
      {
        onError: (error) => {
          // better-auth's names: the new password is `newPassword` there.
          const fields = getFieldErrors(error);
          if (fields.currentPassword) form.setError('currentPassword', { type: 'server', message: fields.currentPassword });
          if (fields.newPassword) form.setError('password', { type: 'server', message: fields.newPassword });
        },
      },
    ),
  );
  const fieldErrors = getFieldErrors(change.error);
  const hasFieldError = Boolean(fieldErrors.currentPassword ?? fieldErrors.newPassword);

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-3" aria-label="Change password" noValidate>
      {change.error && !hasFieldError ? <Alert tone="error">{getErrorMessage(change.error)}</Alert> : null}
      <CurrentPasswordInput {...form.register('currentPassword')} error={form.formState.errors.currentPassword?.message} />
      <NewPasswordFields form={form} labels={{ password: 'New password', confirmation: 'Repeat new password' }} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={change.isPending}>
          Save new password
        </Button>
      </div>
    </form>
  );
}
