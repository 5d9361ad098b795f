import { zodResolver } from '@hookform/resolvers/zod';
import { invitationAcceptFormSchema } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { useSignIn } from '../api/sign-in.ts';
import { getErrorMessage } from '../utils/field-errors.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type AcceptValues = z.input<typeof invitationAcceptFormSchema>;

/** Registration from an invitation link: the invitation fixes e-mail, role and organization. */
export function InvitationRegistrationForm({ token, onRegistered }: { token: string; onRegistered: () => void }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const signIn = useSignIn();
  const form = useForm<AcceptValues, unknown, z.output<typeof invitationAcceptFormSchema>>({
    resolver: zodResolver(invitationAcceptFormSchema),
    mode: 'onChange',
    defaultValues: { name: '', password: '', confirmation: '' },
  });

  if (invitation.isPending) return <p className="text-sm text-slate-600">Loading...</p>;
  if (invitation.error) return <Alert tone="error">{getErrorMessage(invitation.error)}</Alert>;
  const { email, role_label: roleLabel, org_name: orgName } = invitation.data;

  const handleSubmit = form.handleSubmit(({ name, password }) =>
    accept.mutate(
      { token, name, password },
      {
        onSuccess: () => signIn.mutate({ email, password }, { onSuccess: onRegistered }),
        onError: (error) => showServerFieldErrors(form.setError, error, ['name', 'password']),
      },
    ),
  );

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      <Alert tone="info">
        You are joining {orgName ?? 'Skylog'} as <strong>{roleLabel}</strong> with the e-mail address <strong>{email}</strong>.
      </Alert>
      {accept.error ? <Alert tone="error">{getErrorMessage(accept.error)}</Alert> : null}
      {signIn.error ? <Alert tone="error">{getErrorMessage(signIn.error)}</Alert> : null}
      <TextInput label="Name" autoComplete="name" {...form.register('name')} error={form.formState.errors.name?.message} />
      <NewPasswordFields form={form} />
      <Button type="submit" isLoading={accept.isPending || signIn.isPending}>
        Create account
      </Button>
    </form>
  );
}
