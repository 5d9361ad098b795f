import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useLessonRecord } from '../../../features/training/api/lesson-records.ts';
import { LessonRecordView } from '../../../features/training/components/lesson-record-view.tsx';
import { canOpen } from '../../../lib/can-open.ts';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';

/** A lesson as given: graded and signed by its instructor, read by the student and the school's administrators. */
export function TrainingLesson({ id }: { id: string }) {
  const me = useMe().data;
  useBreadcrumbTitle(useLessonRecord(id).data?.lesson.title);
  return (
    <Screen title="Lesson">
      <LessonRecordView id={id} getStudentHref={canOpen(me, paths.dashboard.students.path) ? paths.dashboard.student.getHref : undefined} />
    </Screen>
  );
}
