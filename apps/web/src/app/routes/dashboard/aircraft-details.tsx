import { isOrgWideRole } from '@skylog/contracts';
import { useNavigate, useParams } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useAircraft } from '../../../features/aircraft/api/get-aircraft.ts';
import { AircraftDetail } from '../../../features/aircraft/components/aircraft-detail.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';

export function Component() {
  const id = useParams().id!;
  const navigate = useNavigate();
  const role = useMe().data?.user_type ?? 'student';
  useBreadcrumbTitle(useAircraft(id).data?.tail_number);
  return (
    <Screen title="Aircraft">
      <AircraftDetail id={id} canEdit={isOrgWideRole(role)} onDeleted={() => navigate(paths.dashboard.aircraft.path)} />
    </Screen>
  );
}
