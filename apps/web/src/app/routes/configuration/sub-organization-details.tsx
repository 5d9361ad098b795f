import { isOrgWideRole } from '@skylog/contracts';
import { useNavigate, useParams } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useSubOrg } from '../../../features/orgs/api/get-sub-org.ts';
import { SubOrgDetail } from '../../../features/orgs/components/sub-org-detail.tsx';
import { PeopleList } from '../../../features/people/components/people-list.tsx';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';

export function Component() {
  const id = useParams().id!;
  const navigate = useNavigate();
  const role = useMe().data?.user_type ?? 'student';
  useBreadcrumbTitle(useSubOrg(id).data?.name);
  const isOrgAdmin = isOrgWideRole(role);
  return (
    <Screen title="Sub Organization">
      <SubOrgDetail id={id} canEdit canDelete={isOrgAdmin} onDeleted={() => navigate(paths.configuration.subOrganization.path)} />
      <h2 className="mt-2 text-lg font-semibold">Members</h2>
      <PeopleList
        label="Members"
        subOrgId={id}
        getDetailHref={
          isOrgAdmin ? (person) => (person.user_type === 'instructor' ? paths.dashboard.instructor.getHref(person.skylog_id) : paths.dashboard.student.getHref(person.skylog_id)) : undefined
        }
      />
    </Screen>
  );
}
