import { zodResolver } from '@hookform/resolvers/zod';
import { signInPolicySchema, type SignInPolicy } from '@skylog/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSignInPolicy, useUpdateSignInPolicy } from '../api/sign-in-policy.ts';

/** An organization may require an authenticator app of every administrator (its sub-organizations' too). */
export function SignInPolicyForm({ orgId }: { orgId: string }) {
  const policy = useSignInPolicy(orgId);
  const update = useUpdateSignInPolicy(orgId);
  const form = useForm<SignInPolicy>({ resolver: zodResolver(signInPolicySchema), defaultValues: { require_admin_two_factor: false } });
  const { reset } = form;
  useEffect(() => {
    if (policy.data) reset(policy.data);
  }, [policy.data, reset]);
  const fieldError = update.error instanceof ApiError ? update.error.body.fields?.require_admin_two_factor : undefined;
  const handleSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) =>
        notify.success(
          saved.require_admin_two_factor ? 'Two-step sign-in is now required of administrators' : 'Two-step sign-in is optional again',
        ),
    }),
  );
  return (
    <SettingsSection
      id="sign-in-policy-title"
      title="Two-step sign-in for administrators"
      description="Administrators hold students' records and the school's payments. Require each of them to use an authenticator app: those without one are asked to set it up before anything else opens."
    >
      {policy.error ? <Alert tone="error">{policy.error.message}</Alert> : null}
      {update.error && !fieldError ? <Alert tone="error">{update.error.message}</Alert> : null}
      <form aria-label="Two-step sign-in for administrators" className="flex flex-col gap-3" noValidate onSubmit={handleSubmit}>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-4 w-4" disabled={!policy.data} {...form.register('require_admin_two_factor')} />
          Require an authenticator app of this organization's administrators
        </label>
        {fieldError ? (
          <p role="alert" className="text-sm text-red-700">
            {fieldError}
          </p>
        ) : null}
        <Button
          type="submit"
          variant="secondary"
          className="self-start"
          isLoading={update.isPending}
          disabled={!policy.data || !form.formState.isDirty}
        >
          Save
        </Button>
      </form>
    </SettingsSection>
  );
}
