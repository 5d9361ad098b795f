import { messages, type Me } from '@skylog/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { notify } from '../../../components/ui/toast.tsx';
// The form carries the phone-number library (~470 KB): load it when the modal opens, not with every page.
const ProfileForm = lazy(() => import('./profile-form.tsx').then((module) => ({ default: module.ProfileForm })));

type UpdateProfileModalProps = {
  me: Me;
  /** The organization's name, or null when it could not be found. */
  orgName: string | null;
  isOpen: boolean;
  /** Opened by itself for an incomplete profile (docs/product.md "Profile"): it cannot be closed until the profile is complete. */
  isForced: boolean;
  onClose: () => void;
  /** More of the person's own settings, below the form (the shell composes them). */
  children?: ReactNode;
};

export function UpdateProfileModal({ me, orgName, isOpen, isForced, onClose, children }: UpdateProfileModalProps) {
  const [isDirty, setIsDirty] = useState(false);
  const [isWarningShown, setIsWarningShown] = useState(false);

  const close = () => {
    setIsWarningShown(false);
    setIsDirty(false);
    onClose();
  };

  // Closing an incomplete profile says what is missing, and a forced one stays open; unsaved changes ask first.
  const handleRequestClose = () => {
    if (!me.is_profile_complete) {
      notify.error(messages.profileRequired);
      if (isForced) return;
    }
    if (isDirty) {
      setIsWarningShown(true);
      return;
    }
    close();
  };

  const content = isOpen ? (
    <>
      <Suspense fallback={<p className="p-6 text-sm text-slate-600">{messages.loading}</p>}>
        <ProfileForm account={me} orgName={orgName} title="Update Profile" onDirtyChange={setIsDirty} onDone={close} onCancel={handleRequestClose} />
      </Suspense>
      {me.is_profile_complete ? children : null}
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
