import { zodResolver } from '@hookform/resolvers/zod';
import { passwordConfirmSchema } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CurrentPasswordInput } from '../../../components/ui/current-password-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';

type PasswordValues = z.input<typeof passwordConfirmSchema>;

/** The current password before a change to how this person signs in; the server's field message goes under it. */
export function PasswordConfirmForm({
  label,
  submitLabel,
  error,
  isPending,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  error: unknown;
  isPending: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const form = useForm<PasswordValues>({ resolver: zodResolver(passwordConfirmSchema), defaultValues: { password: '' } });
  const serverField = error instanceof ApiError ? error.body.fields?.password : undefined;
  const message = form.formState.errors.password?.message ?? serverField;
  return (
    <form aria-label={label} className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit((values) => onSubmit(values.password))}>
      {error instanceof Error && !serverField ? <Alert tone="error">{error.message}</Alert> : null}
      <CurrentPasswordInput {...form.register('password')} error={message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
