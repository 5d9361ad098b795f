import { getGrantableRoles, hasComponentPermission, type Person } from '@skylog/contracts';
import { useState } from 'react';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useSubOrgs } from '../../../features/orgs/api/get-sub-orgs.ts';
import { useRelations } from '../../../features/people/api/get-relations.ts';
import { PeopleList } from '../../../features/people/components/people-list.tsx';
import { EditPersonDialog } from '../../../features/profile/components/edit-person-dialog.tsx';

export function Component() {
  const me = useMe().data;
  const role = me?.user_type ?? 'student';
  const isInstructor = role === 'instructor';
  const canAdd = hasComponentPermission(role, 'students.add') && getGrantableRoles(role).includes('student');
  const subOrgs = useSubOrgs({ page_size: 100 }, { isEnabled: canAdd });
  // Instructors edit and delete their own students only; the server holds the same rule.
  const ownStudents = useRelations({ instructor: me?.skylog_id ?? '' }, { isEnabled: isInstructor });
  const isOwnStudent = (person: Person) => !isInstructor || (ownStudents.data?.items ?? []).some((link) => link.student === person.skylog_id);
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
        canDelete={hasComponentPermission(role, 'students.delete') ? isOwnStudent : undefined}
        onEdit={hasComponentPermission(role, 'students.edit') ? setEditing : undefined}
        canEdit={isOwnStudent}
      />
      <EditPersonDialog person={editing} orgName={editing?.org_name ?? null} onClose={() => setEditing(null)} />
    </Screen>
  );
}
