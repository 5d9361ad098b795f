import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useAircraftList, wholeFleetQuery } from '../../../features/aircraft/api/get-aircraft.ts';
import { UploadFlightForm } from '../../../features/trip-upload/components/upload-flight-form.tsx';

export function Component() {
  const fleet = useAircraftList(wholeFleetQuery);
  return (
    <Screen title="Audio Upload" description="Upload a track file (GPX, KML, CSV or IGC) and / or the cockpit audio, to a new or an existing flight.">
      <UploadFlightForm fleet={fleet.data?.items ?? []} getFlightHref={(id) => paths.dashboard.flight.getHref(id)} />
    </Screen>
  );
}
