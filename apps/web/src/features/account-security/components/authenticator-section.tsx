import { zodResolver } from '@hookform/resolvers/zod';
import {
  factorVerifySchema,
  limits,
  totpFactorCreateSchema,
  type Factor,
  type FactorList,
  type TotpFactorCreated,
} from '@skylog/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { CurrentPasswordInput } from '../../../components/ui/current-password-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useAddFactor, useFactors, useNewRecoveryCodes, useRemoveFactor, useVerifyFactor } from '../api/account-security.ts';
import { CodeInput } from '../../../components/ui/code-input.tsx';
import { FactorRow } from './factor-row.tsx';
import { PasswordConfirmForm } from './password-confirm-form.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

/** Two-step sign-in: add an authenticator app (QR code or typed key, then its first code), remove it, renew recovery codes. */
export function AuthenticatorSection() {
  const factors = useFactors();
  const [added, setAdded] = useState<TotpFactorCreated | null>(null);
  if (factors.isPending) return <p className="text-sm text-slate-600">Loading...</p>;
  if (factors.error) return <Alert tone="error">{factors.error.message}</Alert>;
  const verified = factors.data.items.find((factor) => factor.factor_type === 'totp' && factor.status === 'verified');
  return (
    <SettingsSection
      id="two-step-title"
      title="Authenticator app"
      description={`After your password, Skylog asks for a code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and the like).${factors.data.is_required ? ' Your account must keep one.' : ''}`}
    >
      {added ? (
        <ConfirmAuthenticator factor={added} onDone={() => setAdded(null)} />
      ) : verified ? (
        <EnrolledAuthenticator list={factors.data} factor={verified} />
      ) : (
        <AddAuthenticator isRequired={factors.data.is_required} onAdded={setAdded} />
      )}
    </SettingsSection>
  );
}

type AddValues = z.input<typeof totpFactorCreateSchema>;

function AddAuthenticator({ isRequired, onAdded }: { isRequired: boolean; onAdded: (factor: TotpFactorCreated) => void }) {
  const add = useAddFactor();
  const form = useForm<AddValues, unknown, z.output<typeof totpFactorCreateSchema>>({
    resolver: zodResolver(totpFactorCreateSchema),
    defaultValues: { friendly_name: 'Authenticator app', factor_type: 'totp', password: '' },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (created) => created.factor_type === 'totp' && onAdded(created),
      onError: (error) => showServerFieldErrors(form.setError, error, ['friendly_name', 'password']),
    }),
  );
  return (
    <form aria-label="Add an authenticator app" className="flex max-w-md flex-col gap-3" noValidate onSubmit={handleSubmit}>
      {isRequired ? (
        <Alert tone="warning">
          Set up an authenticator app to continue: your account must sign in with one (a text message is not enough).
        </Alert>
      ) : null}
      {add.error && !(add.error instanceof ApiError && add.error.body.fields) ? <Alert tone="error">{add.error.message}</Alert> : null}
      <TextInput label="Name of the app or phone" {...form.register('friendly_name')} error={errors.friendly_name?.message} />
      <CurrentPasswordInput {...form.register('password')} error={errors.password?.message} />
      <Button type="submit" isLoading={add.isPending} className="self-start">
        Add an authenticator app
      </Button>
    </form>
  );
}

type CodeValues = z.input<typeof factorVerifySchema>;

/** The key as a QR code and typed, the recovery codes, and the first code that proves the app holds the key. */
function ConfirmAuthenticator({ factor, onDone }: { factor: TotpFactorCreated; onDone: () => void }) {
  const verify = useVerifyFactor();
  const form = useForm<CodeValues>({ resolver: zodResolver(factorVerifySchema), defaultValues: { code: '' } });
  const handleSubmit = form.handleSubmit((values) =>
    verify.mutate(
      { id: factor.id, code: values.code },
      {
        onSuccess: () => {
          notify.success('Two-step sign-in is on');
          onDone();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.body.fields?.code : undefined;
          form.setError('code', { type: 'server', message: field ?? error.message });
        },
      },
    ),
  );
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm text-slate-700">
        <li>
          <p>Scan this QR code with your authenticator app, or type the key instead.</p>
          <div className="mt-2 flex flex-wrap items-center gap-4">
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(factor.qr_svg)}`}
              alt="QR code of your authenticator key"
              width={176}
              height={176}
              className="rounded border border-slate-200 bg-white"
            />
            <div>
              <p className="text-xs text-slate-600">Key</p>
              <code data-testid="authenticator-key" className="font-mono text-sm break-all text-slate-900">
                {factor.secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </div>
          </div>
        </li>
        <li>
          <RecoveryCodes codes={factor.recovery_codes} />
        </li>
        <li>
          <form aria-label="Confirm the authenticator app" className="flex max-w-xs flex-col gap-3" noValidate onSubmit={handleSubmit}>
            <CodeInput
              label={`The ${limits.totpDigits}-digit code the app shows`}
              {...form.register('code')}
              error={form.formState.errors.code?.message}
            />
            <Button type="submit" isLoading={verify.isPending} className="self-start">
              Turn on two-step sign-in
            </Button>
          </form>
        </li>
      </ol>
    </div>
  );
}

function EnrolledAuthenticator({ list, factor }: { list: FactorList; factor: Factor }) {
  const [action, setAction] = useState<'remove' | 'codes' | null>(null);
  const remove = useRemoveFactor();
  const renew = useNewRecoveryCodes();
  const close = () => {
    setAction(null);
    remove.reset();
  };
  return (
    <div className="flex flex-col gap-3">
      <FactorRow factor={factor} kind="Authenticator app" extra={`${list.recovery_codes_left} recovery codes left`}>
        <Button variant="link" aria-expanded={action === 'codes'} onClick={() => setAction(action === 'codes' ? null : 'codes')}>
          New recovery codes
        </Button>
        {list.is_required ? null : (
          <Button variant="link" aria-expanded={action === 'remove'} onClick={() => setAction(action === 'remove' ? null : 'remove')}>
            Remove
          </Button>
        )}
      </FactorRow>
      {action === 'remove' ? (
        <PasswordConfirmForm
          label="Remove the authenticator app"
          submitLabel="Remove the authenticator app"
          error={remove.error}
          isPending={remove.isPending}
          onCancel={close}
          onSubmit={(password) =>
            remove.mutate(
              { id: factor.id, password },
              { onSuccess: () => (notify.success('The authenticator app is removed'), setAction(null)) },
            )
          }
        />
      ) : null}
      {action === 'codes' ? (
        renew.data ? (
          <div className="flex flex-col gap-2">
            <RecoveryCodes codes={renew.data.recovery_codes} />
            <Button variant="secondary" className="self-start" onClick={() => (renew.reset(), setAction(null))}>
              Done
            </Button>
          </div>
        ) : (
          <PasswordConfirmForm
            label="New recovery codes"
            submitLabel="Make new codes (the old ones stop working)"
            error={renew.error}
            isPending={renew.isPending}
            onCancel={() => (renew.reset(), setAction(null))}
            onSubmit={(password) => renew.mutate(password)}
          />
        )
      ) : null}
    </div>
  );
}
