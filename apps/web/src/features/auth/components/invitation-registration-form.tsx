import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { useSignIn } from '../api/sign-in.ts';
import { getErrorMessage, getFieldErrors } from '../utils/field-errors.ts';
import { isNewPasswordValid, NewPasswordFields } from './new-password-fields.tsx';

/** Registration from an invitation link: the invitation fixes e-mail, role and organization. */
export function InvitationRegistrationForm({ token, onRegistered }: { token: string; onRegistered: () => void }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const signIn = useSignIn();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const fieldErrors = getFieldErrors(accept.error);

  if (invitation.isPending) return <p className="text-sm text-slate-600">Loading...</p>;
  if (invitation.error) return <Alert tone="error">{getErrorMessage(invitation.error)}</Alert>;
  const { email, role_label: roleLabel, org_name: orgName } = invitation.data;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate(
      { token, name: name.trim(), password },
      { onSuccess: () => signIn.mutate({ email, password }, { onSuccess: onRegistered }) },
    );
  };

  const isInvalid = !name.trim() || !isNewPasswordValid(password, confirmation);
  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      <Alert tone="info">
        You are joining {orgName ?? 'Skylog'} as <strong>{roleLabel}</strong> with the e-mail address <strong>{email}</strong>.
      </Alert>
      {accept.error ? <Alert tone="error">{getErrorMessage(accept.error)}</Alert> : null}
      {signIn.error ? <Alert tone="error">{getErrorMessage(signIn.error)}</Alert> : null}
      <TextInput label="Name" name="name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} error={fieldErrors.name} />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        serverError={fieldErrors.password}
      />
      <Button type="submit" isLoading={accept.isPending || signIn.isPending} disabled={isInvalid}>
        Create account
      </Button>
    </form>
  );
}
