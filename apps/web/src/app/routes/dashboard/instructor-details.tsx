import { hasComponentPermission, type Person } from '@skylog/contracts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { FlightsSummary } from '../../../features/flights/components/flights-summary.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { usePerson } from '../../../features/people/api/get-person.ts';
import { PersonDetail } from '../../../features/people/components/person-detail.tsx';
import { StudentsTraining } from '../../../features/people/components/students-training.tsx';
import { EditPersonDialog } from '../../../features/profile/components/edit-person-dialog.tsx';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';

export function Component() {
  const id = useParams().id!;
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Person | null>(null);
  const role = useMe().data?.user_type ?? 'student';
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
      <EditPersonDialog person={editing} orgName={editing?.org_name ?? null} onClose={() => setEditing(null)} />
      <StudentsTraining instructorId={id} getStudentHref={paths.dashboard.student.getHref} />
      <FlightsSummary filter={{ pilot_id: id }} getDetailHref={(trip) => paths.dashboard.flight.getHref(trip.trip_id)} />
    </Screen>
  );
}
