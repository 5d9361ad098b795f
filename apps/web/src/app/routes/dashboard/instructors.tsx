import { hasComponentPermission, type Person } from '@skylog/contracts';
import { useState } from 'react';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useSubOrgs } from '../../../features/orgs/api/get-sub-orgs.ts';
import { PeopleList } from '../../../features/people/components/people-list.tsx';
import { EditPersonDialog } from '../../../features/profile/components/edit-person-dialog.tsx';

export function Component() {
  const role = useMe().data?.user_type ?? 'student';
  const canAdd = hasComponentPermission(role, 'instructors.add');
  const subOrgs = useSubOrgs({ page_size: 100 }, { isEnabled: canAdd });
  const [editing, setEditing] = useState<Person | null>(null);
  return (
    <Screen title="Instructors" description="The instructors of your organization and the students they teach.">
      <PeopleList
        label="Instructors"
        role="instructor"
        getDetailHref={(person) => paths.dashboard.instructor.getHref(person.skylog_id)}
        canAdd={canAdd}
        inviteRoles={['instructor']}
        subOrgs={subOrgs.data?.items ?? []}
        canDelete={hasComponentPermission(role, 'instructors.delete')}
        onEdit={hasComponentPermission(role, 'instructors.edit') ? setEditing : undefined}
      />
      <EditPersonDialog person={editing} orgName={editing?.org_name ?? null} onClose={() => setEditing(null)} />
    </Screen>
  );
}
