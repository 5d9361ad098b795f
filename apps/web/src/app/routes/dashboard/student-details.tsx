import { decideRouteAccess, hasComponentPermission, isOrgWideRole, markerCategories, messages, type Person } from '@skylog/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { FlightsSummary } from '../../../features/flights/components/flights-summary.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useMarkerCategories } from '../../../features/markers/api/marker-categories.ts';
import { usePerson } from '../../../features/people/api/get-person.ts';
import { PersonDetail } from '../../../features/people/components/person-detail.tsx';
import { TrainingRecord } from '../../../features/people/components/training-record.tsx';
import { LogbookSummaryPanels } from '../../../features/logbook/components/logbook-summary-panels.tsx';
import { EditPersonDialog } from '../../../features/profile/components/edit-person-dialog.tsx';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';
import { api } from '../../../lib/api.ts';
import { canOpen } from '../../../lib/can-open.ts';
import { canCallOperation } from '../../../lib/operation-access.ts';

// The student's courses load after their page: the first script every page loads lists what each screen needs.
const StudentTraining = lazy(async () => ({ default: (await import('../../../features/training/components/student-training.tsx')).StudentTraining }));

export function Component() {
  const id = useParams().id!;
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Person | null>(null);
  const me = useMe().data;
  const person = usePerson(id);
  useBreadcrumbTitle(person.data?.name);
  const role = me?.user_type ?? 'student';
  const categories = useMarkerCategories().data?.items ?? markerCategories;
  const canOpenFlights = decideRouteAccess(paths.dashboard.flights.path, role, me?.skylog_id).isAllowed;
  return (
    <Screen title="Student">
      <PersonDetail
        id={id}
        kind="student"
        onEdit={hasComponentPermission(role, 'students.edit') ? setEditing : undefined}
        canDelete={hasComponentPermission(role, 'students.delete')}
        onDeleted={() => navigate(paths.dashboard.students.path, { replace: true })}
        canLink={hasComponentPermission(role, 'student-detail.link-instructor')}
        // An instructor needs an organization to assign students (docs/product.md "Instructors and students").
        linkBlockedReason={role === 'instructor' && !me?.org_id ? messages.noOrganizationNote : null}
        getLinkedHref={
          decideRouteAccess(paths.dashboard.instructors.path, role, me?.skylog_id).isAllowed ? (other) => paths.dashboard.instructor.getHref(other) : undefined
        }
      />
      {canOpen(me, paths.dashboard.personLogbook.getHref(id)) ? (
        <Link to={paths.dashboard.personLogbook.getHref(id)} className="self-start text-sm font-medium text-brand-700 hover:underline">
          Logbook
        </Link>
      ) : null}
      {/* The logbook opens to the student's own instructors (who may edit them) and the organization's admins. */}
      {canOpen(me, paths.dashboard.personLogbook.getHref(id)) && (person.data?.can_edit || isOrgWideRole(role)) ? (
        <>
          <LogbookSummaryPanels personId={id} />
          {/* Courses and lessons read as the logbook does (docs/product.md "Lessons and grading"). */}
          <Suspense fallback={null}>
            <StudentTraining
              personId={id}
              studentName={person.data?.name ?? 'the student'}
              canEnroll={canCallOperation(role, 'training.enroll')}
              emptyText="Not enrolled on a course yet."
            />
          </Suspense>
        </>
      ) : null}
      <EditPersonDialog person={editing} orgName={editing?.org_name ?? null} onClose={() => setEditing(null)} />
      <TrainingRecord
        personId={id}
        markerCategories={categories}
        getFlightHref={canOpenFlights ? paths.dashboard.flight.getHref : undefined}
        getCsvHref={(range) => api.training.recordCsv.url({ params: { skylog_id: id }, query: range })}
      />
      <FlightsSummary filter={{ pilot_id: id }} getDetailHref={(trip) => paths.dashboard.flight.getHref(trip.trip_id)} />
    </Screen>
  );
}
