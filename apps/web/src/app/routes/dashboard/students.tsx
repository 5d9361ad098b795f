import { hasComponentPermission, type Person } from '@skylog/contracts';
import { canCallOperation } from '../../../lib/operation-access.ts';
import { useState } from 'react';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useSubOrgs } from '../../../features/orgs/api/get-sub-orgs.ts';
import { PeopleList } from '../../../features/people/components/people-list.tsx';
import { EditPersonDialog } from '../../../features/profile/components/edit-person-dialog.tsx';

export function Component() {
  const role = useMe().data?.user_type ?? 'student';
  const canAdd = hasComponentPermission(role, 'students.add');
  // The invite dialog's sub-organization choice; an instructor invites into their own and may not list them.
  const subOrgs = useSubOrgs({ page_size: 100 }, { isEnabled: canAdd && canCallOperation(role, 'sub-orgs.list') });
  const [editing, setEditing] = useState<Person | null>(null);
  return (
    <Screen title="Students" description="The students of your organization and their instructors.">
      <PeopleList
        label="Students"
        role="student"
        getDetailHref={(person) => paths.dashboard.student.getHref(person.skylog_id)}
        canAdd={canAdd}
        inviteRoles={['student']}
        subOrgs={subOrgs.data?.items ?? []}
        // Which rows get Edit and Delete is the server's answer per person (an instructor's own students).
        canDelete={hasComponentPermission(role, 'students.delete')}
        onEdit={hasComponentPermission(role, 'students.edit') ? setEditing : undefined}
      />
      <EditPersonDialog person={editing} orgName={editing?.org_name ?? null} onClose={() => setEditing(null)} />
    </Screen>
  );
}
