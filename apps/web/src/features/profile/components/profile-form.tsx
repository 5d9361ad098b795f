import { zodResolver } from '@hookform/resolvers/zod';
import { messages, programs, type ProfileForm as ProfileFormValues, type User } from '@skylog/contracts';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { getProfileFormValues, profileFormClientSchema } from '../utils/profile-form.ts';
import { PhoneField } from './phone-field.tsx';
import { RatingsField } from './ratings-field.tsx';

type ProfileFormProps = {
  /** The account being edited: the signed-in person, or someone an admin or instructor may edit. */
  account: User;
  orgName: string | null;
  title: string;
  onDirtyChange: (isDirty: boolean) => void;
  onDone: () => void;
  onCancel: () => void;
};

/** The Update Profile form (docs/product.md "Profile"); saving ends with a toast saying how it went, then the form closes. */
export function ProfileForm({ account, orgName, title, onDirtyChange, onDone, onCancel }: ProfileFormProps) {
  const updateProfile = useUpdateProfile();
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormClientSchema),
    defaultValues: getProfileFormValues(account),
    mode: 'onChange',
  });
  const { errors, isValid } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    // Awaited rather than given as mutate's callbacks: refreshing the person may re-render the shell around this form,
    // and React Query drops the callbacks of an unmounted caller, toast and all.
    try {
      await updateProfile.mutateAsync({ skylogId: account.skylog_id, profile: values });
      notify.success(messages.profileUpdated);
    } catch (error) {
      notify.error(error instanceof ApiError && error.status === 409 ? messages.duplicatedEmail : messages.errorUpdatingProfile);
    }
    // The modal closes in every case afterwards.
    onDone();
  });

  return (
    <form
      onSubmit={handleSubmit}
      onChange={() => onDirtyChange(true)}
      className="flex flex-col gap-5 p-6"
      noValidate
      aria-label={title}
    >
      <header className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words text-slate-900">{title}</h2>
          <p className="text-sm break-words text-slate-600" data-testid="profile-email">
            {account.email}
          </p>
          <p className="text-sm text-slate-600" data-testid="profile-organization">
            {orgName ?? messages.organizationNotFound}
          </p>
        </div>
        <Button variant="link" onClick={onCancel} aria-label="Close">
          Close
        </Button>
      </header>

      <TextInput label="Name" autoComplete="name" {...form.register('name')} error={errors.name?.message} />
      <Controller
        control={form.control}
        name="fulltime"
        render={({ field }) => (
          <RadioGroup
            label="Employment"
            name="fulltime"
            options={[
              { value: 'true', label: 'Full Time' },
              { value: 'false', label: 'Part Time' },
            ]}
            value={field.value}
            error={errors.fulltime?.message}
            onChange={(value) => field.onChange(value)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="phone"
        render={({ field }) => <PhoneField value={field.value} onChange={(value) => {
          field.onChange(value);
          onDirtyChange(true);
        }} onBlur={field.onBlur} error={errors.phone?.message} />}
      />
      <Controller
        control={form.control}
        name="program"
        render={({ field }) => (
          <RadioGroup
            label="Program"
            name="program"
            options={programs.map((program) => ({ value: program, label: program }))}
            value={field.value}
            error={errors.program?.message}
            onChange={(value) => field.onChange(value)}
          />
        )}
      />
      <TextInput label="License Number" {...form.register('license_number')} error={errors.license_number?.message} />
      <Controller
        control={form.control}
        name="international"
        render={({ field }) => (
          <RadioGroup
            label="International"
            name="international"
            options={[
              { value: 'true', label: 'Yes' },
              { value: 'false', label: 'No' },
            ]}
            value={field.value}
            error={errors.international?.message}
            onChange={(value) => field.onChange(value)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="certifications"
        render={({ field }) => (
          <RatingsField
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              onDirtyChange(true);
            }}
          />
        )}
      />
      <div className="flex justify-end">
        <Button type="submit" isLoading={updateProfile.isPending} disabled={!isValid}>
          Save
        </Button>
      </div>
    </form>
  );
}
