import { messages } from '@skylog/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { getErrorMessage, getFieldErrors } from '../utils/field-errors.ts';
import { isNewPasswordValid, NewPasswordFields } from './new-password-fields.tsx';

/** The current password, then the new one twice under the same rules as registration and reset. */
export function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const change = useChangePassword();
  const fieldErrors = getFieldErrors(change.error);

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

  const isValid = currentPassword !== '' && isNewPasswordValid(password, confirmation);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isValid) change.mutate({ currentPassword, newPassword: password });
  };
  const hasFieldError = Boolean(fieldErrors.currentPassword ?? fieldErrors.newPassword);

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-3" aria-label="Change password" noValidate>
      {change.error && !hasFieldError ? <Alert tone="error">{getErrorMessage(change.error)}</Alert> : null}
      <TextInput
        label="Current password"
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
        error={fieldErrors.currentPassword}
      />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        serverError={fieldErrors.newPassword}
        labels={{ password: 'New password', confirmation: 'Repeat new password' }}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={change.isPending} disabled={!isValid}>
          Save new password
        </Button>
      </div>
    </form>
  );
}
