import { hasComponentPermission } from '@skylog/contracts';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { AircraftList } from '../../../features/aircraft/components/aircraft-list.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';

export function Component() {
  const role = useMe().data?.user_type ?? 'student';
  return (
    <Screen title="Aircraft" description="The fleet: tail numbers, call signs and types.">
      <AircraftList
        canEdit={hasComponentPermission(role, 'aircraft.edit')}
        getDetailHref={(plane) => paths.dashboard.aircraftDetail.getHref(plane.id)}
      />
    </Screen>
  );
}
