import { getRoleLabel, type AssignableRole } from '@skylog/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useInvitePerson } from '../api/invitations.ts';

type InviteDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** The roles offered; one role hides the choice. */
  roles: readonly AssignableRole[];
  subOrgs: ReadonlyArray<{ id: string; name: string }>;
};

/** Invite by e-mail: the invitee registers through the link in the e-mail (/auth/user-registration). */
export function InviteDialog({ isOpen, onClose, title, roles, subOrgs }: InviteDialogProps) {
  return <Modal title={title} content={isOpen ? <InviteForm title={title} roles={roles} subOrgs={subOrgs} onDone={onClose} /> : null} onRequestClose={onClose} />;
}

function InviteForm({ title, roles, subOrgs, onDone }: { title: string; roles: readonly AssignableRole[]; subOrgs: InviteDialogProps['subOrgs']; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>(roles[0]!);
  const [subOrgId, setSubOrgId] = useState('');
  const invite = useInvitePerson();
  const fields = invite.error instanceof ApiError ? (invite.error.body.fields ?? {}) : {};

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email: email.trim(), user_type: role, sub_org_id: subOrgId || null },
      {
        onSuccess: (created) => {
          notify.success(`Invitation sent to ${created.email}`);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4 p-6" noValidate>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-slate-600">We e-mail a link; the person chooses a name and password to join.</p>
      {invite.error ? <Alert tone="error">{invite.error.message}</Alert> : null}
      <TextInput label="E-mail" type="email" value={email} onChange={(event) => setEmail(event.target.value)} error={fields.email} autoFocus />
      {roles.length > 1 ? (
        <SelectInput
          label="Role"
          value={role}
          onChange={(event) => setRole(event.target.value as AssignableRole)}
          options={roles.map((value) => ({ value, label: getRoleLabel(value) }))}
          error={fields.user_type}
        />
      ) : null}
      {subOrgs.length > 0 ? (
        <SelectInput
          label="Sub-organization"
          value={subOrgId}
          onChange={(event) => setSubOrgId(event.target.value)}
          options={[{ value: '', label: 'None' }, ...subOrgs.map((subOrg) => ({ value: subOrg.id, label: subOrg.name }))]}
          error={fields.sub_org_id}
        />
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={invite.isPending} disabled={!email.trim()}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}
