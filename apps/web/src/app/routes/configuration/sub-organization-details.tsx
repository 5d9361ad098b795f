import { decideRouteAccess, hasComponentPermission, isOrgWideRole } from '@skylog/contracts';
import { canCallOperation } from '../../../lib/operation-access.ts';
import { useNavigate, useParams } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { FlightsSummary } from '../../../features/flights/components/flights-summary.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useSubOrg } from '../../../features/orgs/api/get-sub-org.ts';
import { SubOrgDetail } from '../../../features/orgs/components/sub-org-detail.tsx';
import { SubOrgFlightStats } from '../../../features/orgs/components/sub-org-flight-stats.tsx';
import { PeopleList } from '../../../features/people/components/people-list.tsx';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';

export function Component() {
  const id = useParams().id!;
  const navigate = useNavigate();
  const me = useMe().data;
  const role = me?.user_type ?? 'student';
  useBreadcrumbTitle(useSubOrg(id).data?.name);
  const isOrgAdmin = isOrgWideRole(role);
  // Sub-organization admins may not open flights (docs/product.md "Organizations and sub-organizations"), so they get
  // each member's figures, not flight rows.
  const mayOpenFlights = decideRouteAccess(paths.dashboard.flights.path, role, me?.skylog_id).isAllowed;
  return (
    <Screen title="Sub Organization">
      <SubOrgDetail id={id} canEdit canDelete={hasComponentPermission(role, 'sub-organizations.delete')} onDeleted={() => navigate(paths.configuration.subOrganization.path)} />
      <h2 className="mt-2 text-lg font-semibold">Members</h2>
      <PeopleList
        label="Members"
        subOrgId={id}
        getDetailHref={
          isOrgAdmin ? (person) => (person.user_type === 'instructor' ? paths.dashboard.instructor.getHref(person.skylog_id) : paths.dashboard.student.getHref(person.skylog_id)) : undefined
        }
      />
      {canCallOperation(role, 'sub-orgs.flight-stats') ? <SubOrgFlightStats id={id} /> : null}
      {mayOpenFlights ? <FlightsSummary filter={{ sub_org_id: id }} getDetailHref={(trip) => paths.dashboard.flight.getHref(trip.trip_id)} /> : null}
    </Screen>
  );
}
