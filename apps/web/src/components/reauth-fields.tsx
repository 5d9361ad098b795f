import { type logbookSignBodySchema, logbookMessages } from '@skylog/contracts';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from './ui/button.tsx';
import { CodeInput } from './ui/code-input.tsx';
import { TextInput } from './ui/text-input.tsx';

type ReauthInput = z.input<typeof logbookSignBodySchema>;
type ReauthValues = Pick<ReauthInput, 'password' | 'code'>;

/** The names of the re-authentication fields, for the server's field messages under them. */
export const reauthFieldNames = ['password', 'code', 'certificate_number', 'certificate_expires'] as const;

/**
 * A signature asks who is signing at that moment (AC 120-78): the password or a code of the authenticator app.
 * The contracts leave both optional, one of them being enough; a form refuses neither with the server's message.
 */
export function requireReauthentication(values: ReauthValues, context: z.RefinementCtx) {
  if (values.password || values.code) return;
  for (const path of ['password', 'code'] as const)
    context.addIssue({ code: 'custom', message: logbookMessages.signNeedsReauthentication, path: [path] });
}

/** What a logbook signature keeps, said under the fields unless the signed record says otherwise. */
const logbookSignatureNote =
  'Your signature records your certificate, the time and a hash of what you signed; a change to a signed field voids it (AC 120-78).';

/**
 * The instructor's certificate and their proof that it is them, shared by signing a logbook entry, giving an
 * endorsement and signing a lesson's grades; the surrounding form (react-hook-form's provider) holds the values.
 */
export function ReauthFields({ hasAuthenticator, note = logbookSignatureNote }: { hasAuthenticator: boolean; note?: string }) {
  const form = useFormContext<ReauthInput>();
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const { errors } = form.formState;
  const handleSwitch = () => {
    form.setValue(method, undefined);
    form.clearErrors(['password', 'code']);
    setMethod(method === 'password' ? 'code' : 'password');
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold text-slate-800">Your certificate and signature</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          label="Certificate number"
          autoComplete="off"
          {...form.register('certificate_number')}
          error={errors.certificate_number?.message}
        />
        <TextInput
          label="Certificate expiry"
          type="date"
          {...form.register('certificate_expires')}
          error={errors.certificate_expires?.message}
        />
      </div>
      {method === 'password' ? (
        <TextInput
          label="Your password"
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
          error={errors.password?.message}
        />
      ) : (
        <CodeInput label="Code from your authenticator app" {...form.register('code')} error={errors.code?.message} />
      )}
      {hasAuthenticator ? (
        <Button variant="link" className="self-start" onClick={handleSwitch}>
          {method === 'password' ? 'Use a code from your authenticator app' : 'Use your password instead'}
        </Button>
      ) : null}
      <p className="text-xs text-slate-500">{note}</p>
    </fieldset>
  );
}
