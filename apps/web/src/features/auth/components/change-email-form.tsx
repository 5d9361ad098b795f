import { zodResolver } from '@hookform/resolvers/zod';
import { emailChangeRequestSchema, emailChangeSentMessage } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CurrentPasswordInput } from '../../../components/ui/current-password-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { useRequestEmailChange, type EmailChangeRequest } from '../api/request-email-change.ts';
import { getErrorMessage, getFieldErrors } from '../utils/field-errors.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';

type EmailChangeValues = z.input<typeof emailChangeRequestSchema>;
const fieldNames = ['new_email', 'password'] as const satisfies ReadonlyArray<keyof EmailChangeValues>;

/**
 * The owner asks for a new sign-in e-mail with their current password; it changes only when they open the link sent to
 * the new address (docs/product.md "Sign-in e-mail and password").
 */
export function ChangeEmailForm({ onClose }: { onClose: () => void }) {
  const request = useRequestEmailChange();
  const form = useForm<EmailChangeValues, unknown, EmailChangeRequest>({
    resolver: zodResolver(emailChangeRequestSchema),
    defaultValues: { new_email: '', password: '' },
  });
  const { errors } = form.formState;

  if (request.isSuccess) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="success">{emailChangeSentMessage(request.data.new_email)}</Alert>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    );
  }

  const handleSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      // The server's per-field messages go under their fields (e.g. a wrong current password).
      onError: (error) => showServerFieldErrors(form.setError, error, fieldNames),
    }),
  );
  const hasFieldError = fieldNames.some((name) => getFieldErrors(request.error)[name]);

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-3" aria-label="Change e-mail" noValidate>
      {request.error && !hasFieldError ? <Alert tone="error">{getErrorMessage(request.error)}</Alert> : null}
      <TextInput label="New e-mail" type="email" autoComplete="email" {...form.register('new_email')} error={errors.new_email?.message} />
      <CurrentPasswordInput {...form.register('password')} error={errors.password?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={request.isPending}>
          Send confirmation link
        </Button>
      </div>
    </form>
  );
}
