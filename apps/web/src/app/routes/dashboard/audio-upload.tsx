import { hasComponentPermission } from '@skylog/contracts';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useUpdateAircraft } from '../../../features/aircraft/api/change-aircraft.ts';
import { useAircraftList, wholeFleetQuery } from '../../../features/aircraft/api/get-aircraft.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { UploadFlightForm } from '../../../features/trip-upload/components/upload-flight-form.tsx';
import { canOpen } from '../../../lib/can-open.ts';

export function Component() {
  const me = useMe().data;
  const fleet = useAircraftList(wholeFleetQuery);
  const update = useUpdateAircraft();
  // Sub-organization admins upload here but may not open flights: their upload ends on this screen.
  const mayOpenFlights = canOpen(me, paths.dashboard.flight.path);
  return (
    <Screen
      title="Audio Upload"
      description={
        mayOpenFlights
          ? 'Upload a track file (GPX, KML, CSV or IGC) and / or the cockpit audio, to a new or an existing flight.'
          : 'Upload a track file (GPX, KML, CSV or IGC) and / or the cockpit audio of a new flight, for the pilot you name.'
      }
    >
      {me ? (
        <UploadFlightForm
          fleet={fleet.data?.items ?? []}
          saveCategory={
            hasComponentPermission(me.user_type, 'aircraft.edit')
              ? (plane, category) => update.mutateAsync({ id: plane.id, category })
              : null
          }
          getFlightHref={mayOpenFlights ? paths.dashboard.flight.getHref : null}
        />
      ) : null}
    </Screen>
  );
}
