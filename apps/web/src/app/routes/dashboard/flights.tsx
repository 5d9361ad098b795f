import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useAircraftList, wholeFleetQuery } from '../../../features/aircraft/api/get-aircraft.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { FlightsList } from '../../../features/flights/components/flights-list.tsx';

export function Component() {
  const role = useMe().data?.user_type;
  const fleet = useAircraftList(wholeFleetQuery);
  return (
    <Screen title="Flights" description="Every flight you can review: open one to replay the track, audio, transcript and markers.">
      <FlightsList
        role={role}
        fleet={fleet.data?.items ?? []}
        getDetailHref={(trip) => paths.dashboard.flight.getHref(trip.trip_id)}
        uploadHref={paths.dashboard.audioUpload.path}
      />
    </Screen>
  );
}
