import { hasComponentPermission } from '@skylog/contracts';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { SubOrgList } from '../../../features/orgs/components/sub-org-list.tsx';

export function Component() {
  const role = useMe().data?.user_type ?? 'student';
  return (
    <Screen title="Sub Organization" description="Sub-organizations, their members and their flights.">
      <SubOrgList canCreate={hasComponentPermission(role, 'sub-organizations.create')} getDetailHref={(subOrg) => paths.configuration.subOrganizationDetail.getHref(subOrg.id)} />
    </Screen>
  );
}
