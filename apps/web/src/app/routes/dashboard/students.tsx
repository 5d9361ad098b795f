import { getGrantableRoles, hasComponentPermission } from '@skylog/contracts';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useSubOrgs } from '../../../features/orgs/api/get-sub-orgs.ts';
import { PeopleList } from '../../../features/people/components/people-list.tsx';

export function Component() {
  const role = useMe().data?.user_type ?? 'student';
  const canAdd = hasComponentPermission(role, 'students.add') && getGrantableRoles(role).includes('student');
  const subOrgs = useSubOrgs({ page_size: 100 }, { isEnabled: canAdd });
  return (
    <Screen title="Students" description="The students of your organization and their instructors.">
      <PeopleList
        label="Students"
        role="student"
        getDetailHref={(person) => paths.dashboard.student.getHref(person.skylog_id)}
        canAdd={canAdd}
        inviteRoles={['student']}
        subOrgs={subOrgs.data?.items ?? []}
        canDelete={hasComponentPermission(role, 'students.delete') ? () => true : undefined}
      />
    </Screen>
  );
}
