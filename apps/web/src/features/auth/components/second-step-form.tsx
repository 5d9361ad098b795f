import { zodResolver } from '@hookform/resolvers/zod';
import { limits, secondFactorSchema, type SecondFactor } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePassSecondStep } from '../api/sign-in.ts';
import { getErrorMessage, getFieldErrors } from '../utils/field-errors.ts';

type SecondStepValues = z.input<typeof secondFactorSchema>;

/**
 * The second step of sign-in (decisions.md #3): the newest code of the authenticator app, or one recovery
 * code. When the step itself is over (expired, too many wrong codes) the person starts again from the password.
 */
export function SecondStepForm({ onSubmit, onRestart }: { onSubmit: () => void; onRestart: (message?: string) => void }) {
  const pass = usePassSecondStep();
  const form = useForm<SecondStepValues, unknown, SecondFactor>({
    resolver: zodResolver(secondFactorSchema),
    defaultValues: { method: 'totp', code: '' },
  });
  const method = form.watch('method');
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((values) => {
    onSubmit();
    pass.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return onRestart(error.message);
        const field = getFieldErrors(error).code;
        if (field) form.setError('code', { type: 'server', message: field });
      },
    });
  });
  const switchMethod = () => {
    form.reset({ method: method === 'totp' ? 'recovery_code' : 'totp', code: '' });
    pass.reset();
  };
  const hasFieldError = Boolean(getFieldErrors(pass.error).code);

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label="Two-step sign-in" noValidate>
      <div>
        <h2 className="text-base font-semibold text-slate-900">Two-step sign-in</h2>
        <p className="text-sm text-slate-600">
          {method === 'totp'
            ? `Enter the ${limits.totpDigits}-digit code your authenticator app shows for Skylog.`
            : 'Enter one of the recovery codes you saved when you set up your authenticator app. Each works once.'}
        </p>
      </div>
      {pass.error && !hasFieldError ? <Alert tone="error">{getErrorMessage(pass.error)}</Alert> : null}
      {method === 'totp' ? (
        <TextInput
          label="Authenticator code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={limits.totpDigits}
          {...form.register('code')}
          error={errors.code?.message}
        />
      ) : (
        <TextInput label="Recovery code" autoComplete="off" autoFocus {...form.register('code')} error={errors.code?.message} />
      )}
      <Button type="submit" isLoading={pass.isPending}>
        Verify
      </Button>
      <div className="flex items-center justify-between text-sm">
        <Button variant="link" onClick={switchMethod}>
          {method === 'totp' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
        </Button>
        <Button variant="link" onClick={() => onRestart()}>
          Back to sign-in
        </Button>
      </div>
    </form>
  );
}
