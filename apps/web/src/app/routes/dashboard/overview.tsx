import { markerCategories } from '@skylog/contracts';
import { lazy, Suspense } from 'react';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useMarkerCategories } from '../../../features/markers/api/marker-categories.ts';
import { useSubOrgs } from '../../../features/orgs/api/get-sub-orgs.ts';
import { OverviewDashboard } from '../../../features/overview/components/overview-dashboard.tsx';
import { canOpen } from '../../../lib/can-open.ts';
import { canCallOperation } from '../../../lib/operation-access.ts';

// The training panel loads after the Overview's own figures: the first script every page loads lists what each screen needs.
const TrainingProgressPanel = lazy(async () => ({ default: (await import('../../../features/training/components/training-progress-panel.tsx')).TrainingProgressPanel }));

export function Component() {
  const subOrgs = useSubOrgs({ page_size: 100 });
  const categories = useMarkerCategories().data?.items ?? markerCategories;
  const uploadPath = paths.dashboard.audioUpload.path;
  const me = useMe().data;
  const uploadHref = canOpen(me, uploadPath) ? uploadPath : null;
  return (
    <Screen title="Overview" description="Flights and hours this week and month, students, instructors, aircraft and markers across your organization.">
      <OverviewDashboard subOrgs={subOrgs.data?.items ?? []} markerCategories={categories} uploadHref={uploadHref} />
      {me && canCallOperation(me.user_type, 'training.progress') ? (
        <Suspense fallback={null}>
          <TrainingProgressPanel getStudentHref={canOpen(me, paths.dashboard.students.path) ? paths.dashboard.student.getHref : undefined} />
        </Suspense>
      ) : null}
    </Screen>
  );
}
