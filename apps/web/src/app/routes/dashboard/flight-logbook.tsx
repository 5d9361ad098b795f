import { Link, useParams } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { TripLogbookEntries } from '../../../features/logbook/components/logbook-entry-screen.tsx';

/** A flight's logbook entries, one per pilot aboard. */
export function Component() {
  const id = useParams().id!;
  const hasAuthenticator = useMe().data?.two_factor_enabled ?? false;
  return (
    <Screen
      title="Logbook entries of the flight"
      description="Each pilot aboard logs the flight in their own logbook, filled from its track."
    >
      <Link to={paths.dashboard.flight.getHref(id)} className="self-start text-sm font-medium text-brand-700 hover:underline">
        Back to the flight
      </Link>
      <TripLogbookEntries tripId={id} hasAuthenticator={hasAuthenticator} />
    </Screen>
  );
}
