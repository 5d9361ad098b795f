import { hasComponentPermission } from '@skylog/contracts';
import { useNavigate, useParams } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useAircraft } from '../../../features/aircraft/api/get-aircraft.ts';
import { AircraftDetail } from '../../../features/aircraft/components/aircraft-detail.tsx';
import { FlightsSummary } from '../../../features/flights/components/flights-summary.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';

export function Component() {
  const id = useParams().id!;
  const navigate = useNavigate();
  const role = useMe().data?.user_type ?? 'student';
  useBreadcrumbTitle(useAircraft(id).data?.tail_number);
  return (
    <Screen title="Aircraft">
      <AircraftDetail
        id={id}
        canEdit={hasComponentPermission(role, 'aircraft.edit')}
        onDeleted={() => navigate(paths.dashboard.aircraft.path)}
      />
      <FlightsSummary filter={{ aircraft_id: id }} getDetailHref={(trip) => paths.dashboard.flight.getHref(trip.trip_id)} />
    </Screen>
  );
}
