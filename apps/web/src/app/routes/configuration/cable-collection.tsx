import { Screen } from '../../../components/ui/screen.tsx';
import { useSubOrgs } from '../../../features/orgs/api/get-sub-orgs.ts';
import { CableCollectionList } from '../../../features/people/components/cable-collection-list.tsx';

export function Component() {
  // Cable Collection is the organization-wide administrators' screen, and they may list their sub-organizations.
  const subOrgs = useSubOrgs({ page_size: 100 });
  return (
    <Screen title="Cable Collection" description="Which recorder cables have been collected, when and by whom.">
      <CableCollectionList subOrgs={subOrgs.data?.items ?? []} />
    </Screen>
  );
}
