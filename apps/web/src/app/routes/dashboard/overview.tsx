import { markerCategories } from '@skylog/contracts';
import { Screen } from '../../../components/ui/screen.tsx';
import { useMarkerCategories } from '../../../features/markers/api/marker-categories.ts';
import { useSubOrgs } from '../../../features/orgs/api/get-sub-orgs.ts';
import { OverviewDashboard } from '../../../features/overview/components/overview-dashboard.tsx';

export function Component() {
  const subOrgs = useSubOrgs({ page_size: 100 });
  const categories = useMarkerCategories().data?.items ?? markerCategories;
  return (
    <Screen title="Overview" description="Flights and hours this week and month, students, instructors, aircraft and markers across your organization.">
      <OverviewDashboard subOrgs={subOrgs.data?.items ?? []} markerCategories={categories} />
    </Screen>
  );
}
