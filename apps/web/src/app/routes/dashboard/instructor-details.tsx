import { hasComponentPermission, type Person } from '@skylog/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { FlightsSummary } from '../../../features/flights/components/flights-summary.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { usePerson } from '../../../features/people/api/get-person.ts';
import { PersonDetail } from '../../../features/people/components/person-detail.tsx';
import { StudentsTraining } from '../../../features/people/components/students-training.tsx';
import { EditPersonDialog } from '../../../features/profile/components/edit-person-dialog.tsx';
import { canOpen } from '../../../lib/can-open.ts';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';

export function Component() {
  const id = useParams().id!;
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Person | null>(null);
  const me = useMe().data;
  const role = me?.user_type ?? 'student';
  const person = usePerson(id);
  useBreadcrumbTitle(person.data?.name);
  return (
    <Screen title="Instructor">
      <PersonDetail
        id={id}
        kind="instructor"
        onEdit={hasComponentPermission(role, 'instructors.edit') ? setEditing : undefined}
        canDelete={hasComponentPermission(role, 'instructors.delete')}
        onDeleted={() => navigate(paths.dashboard.instructors.path, { replace: true })}
        canLink={hasComponentPermission(role, 'instructor-detail.link-student')}
        getLinkedHref={(student) => paths.dashboard.student.getHref(student)}
      />
      {canOpen(me, paths.dashboard.personLogbook.getHref(id)) ? (
        <Link to={paths.dashboard.personLogbook.getHref(id)} className="self-start text-sm font-medium text-brand-700 hover:underline">
          Logbook
        </Link>
      ) : null}
      <EditPersonDialog person={editing} orgName={editing?.org_name ?? null} onClose={() => setEditing(null)} />
      <StudentsTraining
        instructorId={id}
        getStudentHref={paths.dashboard.student.getHref}
        getLogbookHref={canOpen(me, paths.dashboard.personLogbook.path) ? paths.dashboard.personLogbook.getHref : undefined}
      />
      <FlightsSummary filter={{ pilot_id: id }} getDetailHref={(trip) => paths.dashboard.flight.getHref(trip.trip_id)} />
    </Screen>
  );
}
