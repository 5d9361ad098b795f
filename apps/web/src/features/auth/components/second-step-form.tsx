import { zodResolver } from '@hookform/resolvers/zod';
import { limits, secondFactorSchema, type SecondFactor, type SecondStep, type SecondStepMethod } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CodeInput } from '../../../components/ui/code-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePassSecondStep, useSecondStepOptions, useTextSignInCode } from '../api/sign-in.ts';
import { getErrorMessage, getFieldErrors } from '../utils/field-errors.ts';

type SecondStepValues = z.input<typeof secondFactorSchema>;

const switchLabels: Record<SecondStepMethod, string> = {
  totp: 'Use the authenticator app instead',
  phone: 'Text me a code instead',
  recovery_code: 'Use a recovery code instead',
};

/**
 * The second step of sign-in (docs/product.md "Sign-in and second step"): the newest code of the authenticator app, a
 * code sent by text message, or one recovery code; only the ways this person has are offered. When the step itself is
 * over (expired, too many wrong codes) the person starts again from the password.
 */
export function SecondStepForm({ onSubmit, onRestart }: StepProps) {
  const options = useSecondStepOptions();
  if (options.isPending) return <p className="text-sm text-slate-600">Loading...</p>;
  if (options.error) {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="error">{getErrorMessage(options.error)}</Alert>
        <Button variant="link" className="self-start" onClick={() => onRestart()}>
          Back to sign-in
        </Button>
      </div>
    );
  }
  return <SecondStepFields step={options.data} onSubmit={onSubmit} onRestart={onRestart} />;
}

type StepProps = { onSubmit: () => void; onRestart: (message?: string) => void };

function SecondStepFields({ step, onSubmit, onRestart }: StepProps & { step: SecondStep }) {
  const pass = usePassSecondStep();
  const text = useTextSignInCode();
  const form = useForm<SecondStepValues, unknown, SecondFactor>({
    resolver: zodResolver(secondFactorSchema),
    defaultValues: { method: step.methods[0] ?? 'totp', code: '' },
  });
  const method = form.watch('method');
  const { errors } = form.formState;

  const restartOn401 = (error: Error) => error instanceof ApiError && error.status === 401 && (onRestart(error.message), true);
  const handleSubmit = form.handleSubmit((values) => {
    onSubmit();
    pass.mutate(values, {
      onError: (error) => {
        if (restartOn401(error)) return;
        const field = getFieldErrors(error).code;
        if (field) form.setError('code', { type: 'server', message: field });
      },
    });
  });
  const switchTo = (next: SecondStepMethod) => {
    form.reset({ method: next, code: '' });
    pass.reset();
    text.reset();
  };
  const sendText = () => text.mutate(undefined, { onError: (error) => void restartOn401(error) });
  const hasFieldError = Boolean(getFieldErrors(pass.error).code);
  const phoneHint = step.phone_hint ?? 'your phone';
  const isWaitingForText = method === 'phone' && !text.isSuccess;

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label="Two-step sign-in" noValidate>
      <div>
        <h2 className="text-base font-semibold text-slate-900">Two-step sign-in</h2>
        <p className="text-sm text-slate-600">
          {method === 'totp'
            ? `Enter the ${limits.totpDigits}-digit code your authenticator app shows for Skylog.`
            : method === 'phone'
              ? text.isSuccess
                ? `We sent a code to ${phoneHint}. It expires in ${limits.phoneCodeLifetimeMinutes} minutes.`
                : `We can text a ${limits.totpDigits}-digit code to ${phoneHint}.`
              : 'Enter one of the recovery codes you saved when you set up your authenticator app. Each works once.'}
        </p>
      </div>
      {pass.error && !hasFieldError ? <Alert tone="error">{getErrorMessage(pass.error)}</Alert> : null}
      {text.error ? <Alert tone="error">{getErrorMessage(text.error)}</Alert> : null}
      {isWaitingForText ? (
        <Button isLoading={text.isPending} onClick={sendText}>
          Text me a code
        </Button>
      ) : (
        <>
          {method === 'recovery_code' ? (
            <TextInput label="Recovery code" autoComplete="off" autoFocus {...form.register('code')} error={errors.code?.message} />
          ) : (
            <CodeInput
              label={method === 'totp' ? 'Authenticator code' : 'Code from the text message'}
              autoFocus
              {...form.register('code')}
              error={errors.code?.message}
            />
          )}
          <Button type="submit" isLoading={pass.isPending}>
            Verify
          </Button>
        </>
      )}
      <div className="flex flex-wrap items-start justify-between gap-2 text-sm">
        <div className="flex flex-col items-start gap-1">
          {method === 'phone' && text.isSuccess ? (
            <Button variant="link" isLoading={text.isPending} onClick={sendText}>
              Send another code
            </Button>
          ) : null}
          {step.methods
            .filter((other) => other !== method)
            .map((other) => (
              <Button key={other} variant="link" onClick={() => switchTo(other)}>
                {switchLabels[other]}
              </Button>
            ))}
        </div>
        <Button variant="link" onClick={() => onRestart()}>
          Back to sign-in
        </Button>
      </div>
    </form>
  );
}
