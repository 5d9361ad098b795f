import { Link } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { trainingPaths } from '../../../config/training-paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useCourse } from '../../../features/training/api/courses.ts';
import { CourseView } from '../../../features/training/components/course-view.tsx';
import { canCallOperation } from '../../../lib/operation-access.ts';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';

/** A course's syllabus, revisions and check instructors; its school's administrators name the check instructors. */
export function TrainingCourse({ id }: { id: string }) {
  const me = useMe().data;
  useBreadcrumbTitle(useCourse(id).data?.name);
  return (
    <Screen title="Course">
      <Link to={trainingPaths.home.href} className="self-start text-sm font-medium text-brand-700 hover:underline">
        Back to the courses
      </Link>
      <CourseView id={id} canManage={me !== undefined && canCallOperation(me.user_type, 'courses.manage')} />
    </Screen>
  );
}
