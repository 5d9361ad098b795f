import { canCallOperation } from '../../../lib/operation-access.ts';
import { Screen } from '../../../components/ui/screen.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useOrgs } from '../../../features/orgs/api/get-orgs.ts';
import { useSubOrgs } from '../../../features/orgs/api/get-sub-orgs.ts';
import { OrganizationsManager } from '../../../features/orgs/components/organizations-manager.tsx';
import { SignInPolicyForm } from '../../../features/orgs/components/sign-in-policy-form.tsx';
import { AdminUsers } from '../../../features/people/components/admin-users.tsx';

export function Component() {
  const me = useMe().data;
  const subOrgs = useSubOrgs({ page_size: 100 });
  const orgs = useOrgs({ isEnabled: me?.user_type === 'super_admin' });
  if (!me) return null;
  return (
    <Screen title="Admin" description="Invite people, change roles and sub-organizations, deactivate accounts. A role or organization change signs the person out.">
      {me.user_type === 'super_admin' ? <OrganizationsManager /> : null}
      {me.org_id && canCallOperation(me.user_type, 'orgs.update-sign-in-policy') ? <SignInPolicyForm orgId={me.org_id} /> : null}
      <AdminUsers
        viewerRole={me.user_type}
        subOrgs={subOrgs.data?.items ?? []}
        orgs={me.user_type === 'super_admin' ? (orgs.data?.items ?? []) : undefined}
      />
    </Screen>
  );
}
