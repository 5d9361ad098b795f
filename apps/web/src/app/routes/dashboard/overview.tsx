import { markerCategories } from '@skylog/contracts';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useMarkerCategories } from '../../../features/markers/api/marker-categories.ts';
import { useSubOrgs } from '../../../features/orgs/api/get-sub-orgs.ts';
import { OverviewDashboard } from '../../../features/overview/components/overview-dashboard.tsx';
import { canOpen } from '../../../lib/can-open.ts';

export function Component() {
  const subOrgs = useSubOrgs({ page_size: 100 });
  const categories = useMarkerCategories().data?.items ?? markerCategories;
  const uploadPath = paths.dashboard.audioUpload.path;
  const uploadHref = canOpen(useMe().data, uploadPath) ? uploadPath : null;
  return (
    <Screen title="Overview" description="Flights and hours this week and month, students, instructors, aircraft and markers across your organization.">
      <OverviewDashboard subOrgs={subOrgs.data?.items ?? []} markerCategories={categories} uploadHref={uploadHref} />
    </Screen>
  );
}
