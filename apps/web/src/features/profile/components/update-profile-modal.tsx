import { zodResolver } from '@hookform/resolvers/zod';
import { messages, programs, type Me, type ProfileForm } from '@skylog/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { getProfileFormValues, profileFormClientSchema } from '../utils/profile-form.ts';
import { PhoneField } from './phone-field.tsx';
import { RatingsField } from './ratings-field.tsx';

type UpdateProfileModalProps = {
  me: Me;
  /** The organization's name, or null when it could not be found. */
  orgName: string | null;
  isOpen: boolean;
  onClose: () => void;
};

export function UpdateProfileModal({ me, orgName, isOpen, onClose }: UpdateProfileModalProps) {
  const [isDirty, setIsDirty] = useState(false);
  const [isWarningShown, setIsWarningShown] = useState(false);

  const close = () => {
    setIsWarningShown(false);
    setIsDirty(false);
    onClose();
  };

  // Spec §4: an incomplete profile cannot be closed; unsaved changes ask first.
  const handleRequestClose = () => {
    if (!me.is_profile_complete) {
      notify.error(messages.profileRequired);
      return;
    }
    if (isDirty) {
      setIsWarningShown(true);
      return;
    }
    close();
  };

  const content = isOpen ? (
    <>
      <ProfileFormBody me={me} orgName={orgName} onDirtyChange={setIsDirty} onDone={close} onCancel={handleRequestClose} />
      {isWarningShown ? (
        <div role="alertdialog" aria-label="Unsaved changes" className="sticky bottom-0 flex items-center justify-between gap-3 border-t border-amber-200 bg-amber-50 px-6 py-3">
          <p className="text-sm text-amber-900">You have unsaved changes.</p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                notify.warning(messages.changesNotSaved);
                close();
              }}
            >
              Discard
            </Button>
            <Button onClick={() => setIsWarningShown(false)}>Cancel</Button>
          </div>
        </div>
      ) : null}
    </>
  ) : null;

  return <Modal title="Update Profile" content={content} onRequestClose={handleRequestClose} />;
}

type ProfileFormBodyProps = {
  me: Me;
  orgName: string | null;
  onDirtyChange: (isDirty: boolean) => void;
  onDone: () => void;
  onCancel: () => void;
};

function ProfileFormBody({ me, orgName, onDirtyChange, onDone, onCancel }: ProfileFormBodyProps) {
  const updateProfile = useUpdateProfile();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileFormClientSchema),
    defaultValues: getProfileFormValues(me),
    mode: 'onChange',
  });
  const { errors, isValid } = form.formState;

  const handleSubmit = form.handleSubmit((values) => {
    updateProfile.mutate(
      { skylogId: me.skylog_id, profile: values },
      {
        onSuccess: () => notify.success(messages.profileUpdated),
        onError: (error) => notify.error(error instanceof ApiError && error.status === 409 ? messages.duplicatedEmail : messages.errorUpdatingProfile),
        // The modal closes in every case afterwards (spec §4).
        onSettled: onDone,
      },
    );
  });

  return (
    <form
      onSubmit={handleSubmit}
      onChange={() => onDirtyChange(true)}
      className="flex flex-col gap-5 p-6"
      noValidate
      aria-label="Update Profile"
    >
      <header className="flex items-start justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Update Profile</h2>
          <p className="text-sm text-slate-600" data-testid="profile-email">
            {me.email}
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
