import { gradingScales, messages } from '@skylog/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { trainingPaths } from '../../../config/training-paths.ts';
import { useCourses } from '../api/courses.ts';
import { Card } from './card.tsx';
import { CopyTemplateDialog } from './copy-template-dialog.tsx';
import { ImportCourseDialog } from './import-course-dialog.tsx';
import { partLabels } from './training-labels.ts';

/**
 * The school's courses (docs/product.md "Lessons and grading"): its members read them; its administrators copy
 * Skylog's Private Pilot course or import their own.
 */
export function CoursesPanel({ canManage }: { canManage: boolean }) {
  const courses = useCourses();
  const [dialog, setDialog] = useState<'copy' | 'import' | null>(null);
  const list = courses.data?.courses ?? [];
  return (
    <Card
      title="Courses"
      actions={
        canManage ? (
          <>
            <Button variant="secondary" onClick={() => setDialog('copy')} disabled={!courses.data}>
              Copy template
            </Button>
            <Button variant="secondary" onClick={() => setDialog('import')}>
              Import a course
            </Button>
          </>
        ) : null
      }
    >
      <p className="text-sm text-slate-600">
        Stages of lessons of items, each item a task of the Private Pilot – Airplane ACS (FAA-S-ACS-6C) or the school’s own, with the grade
        it must reach.
      </p>
      {courses.isPending ? <p className="text-sm text-slate-600">{messages.loading}</p> : null}
      {courses.error ? <Alert tone="error">{courses.error.message}</Alert> : null}
      {courses.data && list.length === 0 ? (
        <p className="text-sm text-slate-600">
          {canManage
            ? 'No courses yet: copy Skylog’s Private Pilot course (Part 61 or Part 141), or import your own.'
            : 'Your school has no courses yet; its administrators make them.'}
        </p>
      ) : null}
      {list.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Courses">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="px-3 py-2 font-medium">Course</th>
                <th className="px-3 py-2 font-medium">Trains to</th>
                <th className="px-3 py-2 font-medium">Grading scale</th>
                <th className="px-3 py-2 font-medium">Revision</th>
                <th className="px-3 py-2 font-medium">Students enrolled</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((course) => (
                <tr key={course.id}>
                  <td className="px-3 py-2">
                    <Link to={trainingPaths.course.getHref(course.id)} className="font-medium text-brand-700 hover:underline">
                      {course.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{partLabels[course.part]}</td>
                  <td className="px-3 py-2">{gradingScales[course.scale].label}</td>
                  <td className="px-3 py-2 tabular-nums">{course.revision}</td>
                  <td className="px-3 py-2 tabular-nums">{course.students}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {courses.data ? (
        <CopyTemplateDialog templates={courses.data.templates} isOpen={dialog === 'copy'} onClose={() => setDialog(null)} />
      ) : null}
      <ImportCourseDialog isOpen={dialog === 'import'} onClose={() => setDialog(null)} />
    </Card>
  );
}
