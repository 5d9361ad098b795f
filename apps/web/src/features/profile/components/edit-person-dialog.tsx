import type { User } from '@skylog/contracts';
import { Modal } from '../../../components/ui/modal.tsx';
import { ProfileForm } from './profile-form.tsx';

/** Edit someone else's profile (an admin, or an instructor for their own students), with the same form and rules. */
export function EditPersonDialog({ person, orgName, onClose }: { person: User | null; orgName: string | null; onClose: () => void }) {
  return (
    <Modal
      title="Edit profile"
      content={
        person ? <ProfileForm account={person} orgName={orgName} title={`Edit ${person.name ?? person.email}`} onDirtyChange={() => undefined} onDone={onClose} onCancel={onClose} /> : null
      }
      onRequestClose={onClose}
    />
  );
}
