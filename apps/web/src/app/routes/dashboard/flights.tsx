import { isOrgWideRole, markerCategories } from '@skylog/contracts';
import { Link } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useAircraftList, wholeFleetQuery } from '../../../features/aircraft/api/get-aircraft.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { FlightsList } from '../../../features/flights/components/flights-list.tsx';
import { useMarkerCategories } from '../../../features/markers/api/marker-categories.ts';
import { useSubOrgs } from '../../../features/orgs/api/get-sub-orgs.ts';
import { canOpen } from '../../../lib/can-open.ts';

export function Component() {
  const me = useMe().data;
  const role = me?.user_type;
  const fleet = useAircraftList(wholeFleetQuery);
  // The defaults' labels until the organization's own arrive: the same four keys, so nothing moves.
  const categories = useMarkerCategories().data?.items ?? markerCategories;
  const isOrgWide = role !== undefined && isOrgWideRole(role);
  const subOrgs = useSubOrgs({ page_size: 100 }, { isEnabled: isOrgWide });
  const hasNoSubOrgs = subOrgs.isSuccess && subOrgs.data.items.length === 0;
  return (
    <Screen title="Flights" description="Every flight you can review: open one to replay the track, audio, transcript and markers.">
      {/* A student's own page holds their training record; the Students list is not theirs to open. */}
      {role === 'student' && me ? (
        <Link to={paths.dashboard.student.getHref(me.skylog_id)} className="self-start text-sm font-medium text-brand-700 hover:underline">
          Your training record
        </Link>
      ) : null}
      <FlightsList
        role={role}
        fleet={fleet.data?.items ?? []}
        getDetailHref={(trip) => paths.dashboard.flight.getHref(trip.trip_id)}
        uploadHref={canOpen(me, paths.dashboard.audioUpload.path) ? paths.dashboard.audioUpload.path : null}
        markerCategories={categories}
        // Last in the filters, so dropping it for a school without sub-organizations moves nothing.
        subOrgs={isOrgWide && !hasNoSubOrgs ? (subOrgs.data?.items ?? []) : null}
      />
    </Screen>
  );
}
