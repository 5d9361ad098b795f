import { messages } from '@skylog/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { trainingPaths } from '../../../config/training-paths.ts';
import { useEnrollments } from '../api/enrollments.ts';
import { Card } from './card.tsx';
import { EnrollDialog } from './enroll-dialog.tsx';
import { EnrollmentCard } from './enrollment-card.tsx';
import { ScorecardPanel } from './scorecard-panel.tsx';

type StudentTrainingProps = {
  personId: string;
  studentName: string;
  /** The student's instructor or the school's administrators enrol them and move them to a newer revision. */
  canEnroll: boolean;
  /** Said where the student has no course yet: who enrols them, in the reader's own terms. */
  emptyText: string;
};

/**
 * A student's training (docs/product.md "Lessons and grading"), read as their logbook is (the student, their
 * instructors, their school's administrators): each course with its progress, rework and lessons, then the ACS
 * scorecard across them.
 */
export function StudentTraining({ personId, studentName, canEnroll, emptyText }: StudentTrainingProps) {
  const enrollments = useEnrollments(personId);
  const [isEnrolling, setIsEnrolling] = useState(false);
  const courses = enrollments.data?.enrollments ?? [];
  // Each course is a card of its own; this one stays for the Enrol button, the loading state and the empty text.
  const hasHeader = canEnroll || courses.length === 0;
  return (
    <>
      {/* Whoever reads the student's training reads the brief an instructor taking them over starts from. */}
      <Link to={trainingPaths.brief.getHref(personId)} className="self-start text-sm font-medium text-brand-700 hover:underline">
        Hand-off brief
      </Link>
      {hasHeader ? (
        <Card
          title="Courses and lessons"
          actions={
            canEnroll ? (
              <Button variant="secondary" onClick={() => setIsEnrolling(true)}>
                Enrol on a course
              </Button>
            ) : null
          }
        >
          {enrollments.isPending ? <p className="text-sm text-slate-600">{messages.loading}</p> : null}
          {enrollments.error ? <Alert tone="error">{enrollments.error.message}</Alert> : null}
          {enrollments.data && courses.length === 0 ? <p className="text-sm text-slate-600">{emptyText}</p> : null}
        </Card>
      ) : null}
      {courses.map((summary) => (
        <EnrollmentCard key={summary.id} summary={summary} canEnroll={canEnroll} />
      ))}
      <ScorecardPanel personId={personId} />
      {canEnroll ? (
        <EnrollDialog personId={personId} studentName={studentName} isOpen={isEnrolling} onClose={() => setIsEnrolling(false)} />
      ) : null}
    </>
  );
}
