import { messages } from '@skylog/contracts';
import { Screen } from '../../../components/ui/screen.tsx';
import { trainingPaths } from '../../../config/training-paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { CoursesPanel } from '../../../features/training/components/courses-panel.tsx';
import { StudentTraining } from '../../../features/training/components/student-training.tsx';
import { canOpen } from '../../../lib/can-open.ts';
import { canCallOperation } from '../../../lib/operation-access.ts';

/**
 * Training: a student's own courses, lessons, rework and ACS scorecard; the school's courses for those who open a
 * course's syllabus (its administrators, who also build them, and its instructors).
 */
export function TrainingHome() {
  const me = useMe().data;
  if (!me) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  return (
    <Screen
      title="Training"
      description="Courses of lessons graded against the Airman Certification Standards (FAA-S-ACS-6C), with each lesson signed by the instructor who gave it."
    >
      {me.user_type === 'student' ? (
        <StudentTraining
          personId={me.skylog_id}
          studentName={me.name ?? me.email}
          canEnroll={false}
          emptyText="You are not enrolled on a course yet: your instructor or your school’s administrators enrol you."
        />
      ) : null}
      {canOpen(me, trainingPaths.course.getHref('course')) ? (
        <CoursesPanel canManage={canCallOperation(me.user_type, 'courses.manage')} />
      ) : null}
    </Screen>
  );
}
