import { zodResolver } from '@hookform/resolvers/zod';
import { factorVerifySchema, limits, phoneFactorCreateSchema, type Factor, type FactorChallengeSent } from '@skylog/contracts';
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
import { useAddFactor, useChallengeFactor, useFactors, useRemoveFactor, useVerifyFactor } from '../api/account-security.ts';
import { CodeInput } from '../../../components/ui/code-input.tsx';
import { FactorRow } from './factor-row.tsx';
import { PasswordConfirmForm } from './password-confirm-form.tsx';

/** A second step by text message: add a mobile number, confirm it with the code sent to it, remove it. */
export function PhoneSection() {
  const factors = useFactors();
  const [isReplacing, setIsReplacing] = useState(false);
  if (factors.isPending || factors.error) return null;
  const phone = factors.data.items.find((factor) => factor.factor_type === 'phone');
  return (
    <SettingsSection
      id="phone-title"
      title="Text message"
      description="After your password, Skylog can text a code to your mobile instead. An authenticator app is safer; a phone is a handy second way in."
    >
      {phone?.status === 'verified' ? (
        <EnrolledPhone factor={phone} />
      ) : phone && !isReplacing ? (
        <ConfirmPhone factor={phone} onOtherNumber={() => setIsReplacing(true)} />
      ) : (
        <AddPhone onAdded={() => setIsReplacing(false)} />
      )}
    </SettingsSection>
  );
}

type AddValues = z.input<typeof phoneFactorCreateSchema>;

function AddPhone({ onAdded }: { onAdded: () => void }) {
  const add = useAddFactor();
  const form = useForm<AddValues, unknown, z.output<typeof phoneFactorCreateSchema>>({
    resolver: zodResolver(phoneFactorCreateSchema),
    defaultValues: { friendly_name: 'Mobile phone', factor_type: 'phone', phone: '', password: '' },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: onAdded,
      onError: (error) => showServerFieldErrors(form.setError, error, ['friendly_name', 'phone', 'password']),
    }),
  );
  return (
    <form aria-label="Add a phone" className="flex max-w-md flex-col gap-3" noValidate onSubmit={handleSubmit}>
      {add.error && !(add.error instanceof ApiError && add.error.body.fields) ? <Alert tone="error">{add.error.message}</Alert> : null}
      <TextInput label="Name of the phone" {...form.register('friendly_name')} error={errors.friendly_name?.message} />
      <TextInput
        label="Mobile number, with its country code"
        type="tel"
        autoComplete="tel"
        placeholder="+44 7700 900123"
        {...form.register('phone')}
        error={errors.phone?.message}
      />
      <CurrentPasswordInput {...form.register('password')} error={errors.password?.message} />
      <Button type="submit" isLoading={add.isPending} className="self-start">
        Add the phone
      </Button>
    </form>
  );
}

type CodeValues = z.input<typeof factorVerifySchema>;

/** A new phone: a code is sent to it, and typing it back confirms the number is theirs. */
function ConfirmPhone({ factor, onOtherNumber }: { factor: Factor; onOtherNumber: () => void }) {
  const challenge = useChallengeFactor();
  const verify = useVerifyFactor();
  const [sent, setSent] = useState<FactorChallengeSent | null>(null);
  const form = useForm<CodeValues>({ resolver: zodResolver(factorVerifySchema), defaultValues: { code: '' } });
  const send = () => challenge.mutate(factor.id, { onSuccess: (answer) => (setSent(answer), form.reset({ code: '' }), verify.reset()) });
  // The confirmed phone replaces this form as soon as the list is read again: the toast cannot wait for it.
  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await verify.mutateAsync({ id: factor.id, code: values.code, ...(sent ? { challengeId: sent.challenge_id } : {}) });
      notify.success('Text message codes are on');
    } catch (error) {
      const field = error instanceof ApiError ? error.body.fields?.code : undefined;
      form.setError('code', { type: 'server', message: field ?? (error as Error).message });
    }
  });
  return (
    <div className="flex max-w-md flex-col gap-3">
      {challenge.error ? <Alert tone="error">{challenge.error.message}</Alert> : null}
      {sent ? (
        <form aria-label="Confirm the phone" className="flex flex-col gap-3" noValidate onSubmit={handleSubmit}>
          <p className="text-sm text-slate-700">
            We sent a code to {sent.sent_to}. It expires in {limits.phoneCodeLifetimeMinutes} minutes.
          </p>
          <CodeInput
            label={`The ${limits.totpDigits}-digit code in the text message`}
            {...form.register('code')}
            error={form.formState.errors.code?.message}
          />
          <Button type="submit" isLoading={verify.isPending} className="self-start">
            Confirm the phone
          </Button>
        </form>
      ) : (
        <p className="text-sm text-slate-700">
          {factor.friendly_name} ({factor.phone_hint}) is not confirmed yet: send it a code and type the code here.
        </p>
      )}
      <div className="flex flex-wrap gap-4 text-sm">
        <Button variant={sent ? 'link' : 'primary'} isLoading={challenge.isPending} onClick={send}>
          {sent ? 'Send another code' : `Send a code to ${factor.phone_hint ?? 'the phone'}`}
        </Button>
        <Button variant="link" onClick={onOtherNumber}>
          Use another number
        </Button>
      </div>
    </div>
  );
}

function EnrolledPhone({ factor }: { factor: Factor }) {
  const [isRemoving, setIsRemoving] = useState(false);
  const remove = useRemoveFactor();
  const close = () => {
    setIsRemoving(false);
    remove.reset();
  };
  return (
    <div className="flex flex-col gap-3">
      <FactorRow factor={factor} kind={`Text message to ${factor.phone_hint}`}>
        <Button variant="link" aria-expanded={isRemoving} onClick={() => (isRemoving ? close() : setIsRemoving(true))}>
          Remove
        </Button>
      </FactorRow>
      {isRemoving ? (
        <PasswordConfirmForm
          label="Remove the phone"
          submitLabel="Remove the phone"
          error={remove.error}
          isPending={remove.isPending}
          onCancel={close}
          onSubmit={(password) =>
            remove.mutate({ id: factor.id, password }, { onSuccess: () => (notify.success('The phone is removed'), close()) })
          }
        />
      ) : null}
    </div>
  );
}
