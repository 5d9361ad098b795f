import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { getErrorMessage } from '../utils/field-errors.ts';

export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const request = useRequestPasswordReset();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-slate-600">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      {request.isSuccess ? (
        <Alert tone="success">If an account exists for {email.trim()}, a reset link is on its way. The link works for one hour.</Alert>
      ) : null}
      {request.error ? <Alert tone="error">{getErrorMessage(request.error)}</Alert> : null}
      <TextInput label="E-mail" type="email" name="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} />
      <Button type="submit" isLoading={request.isPending} disabled={!email.trim()}>
        Send reset link
      </Button>
      <Button variant="link" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
