import { messages } from '@skylog/contracts';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { useTrainingProgress } from '../api/progress.ts';
import { Card } from './card.tsx';

/**
 * The Overview's training panel (docs/product.md "Lessons and grading"): the school's students on each course's
 * stages, and those behind plan with the reason, by calendar or by hours.
 */
export function TrainingProgressPanel({ getStudentHref }: { getStudentHref?: ((id: string) => string) | undefined }) {
  const progress = useTrainingProgress();
  return (
    <Card title="Training progress">
      {progress.isPending ? <p className="text-sm text-slate-600">{messages.loading}</p> : null}
      {progress.error ? <Alert tone="error">{progress.error.message}</Alert> : null}
      {progress.data ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <section aria-label="Students by stage" className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-800">Students by stage</h3>
            {progress.data.by_stage.length === 0 ? (
              <p className="text-sm text-slate-600">No student is enrolled on a course.</p>
            ) : (
              <table className="w-full text-left text-sm">
                <thead className="text-xs uppercase tracking-wide text-slate-500">
                  <tr>
                    <th className="py-1 pr-3 font-medium">Course</th>
                    <th className="py-1 pr-3 font-medium">Stage</th>
                    <th className="py-1 font-medium">Students</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {progress.data.by_stage.map((row) => (
                    <tr key={`${row.course}/${row.stage}`}>
                      <td className="py-1 pr-3">{row.course}</td>
                      <td className="py-1 pr-3">{row.stage}</td>
                      <td className="py-1 tabular-nums">{row.students}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-label="Behind plan" className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-800">Behind plan</h3>
            {progress.data.behind_plan.length === 0 ? (
              <p className="text-sm text-slate-600">Every student is on plan.</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {progress.data.behind_plan.map((row) => (
                  <li key={`${row.student.skylog_id}/${row.course}`} className="flex flex-col">
                    <span>
                      {getStudentHref ? (
                        <Link to={getStudentHref(row.student.skylog_id)} className="font-medium text-brand-700 hover:underline">
                          {row.student.name ?? 'Student'}
                        </Link>
                      ) : (
                        <span className="font-medium">{row.student.name ?? 'Student'}</span>
                      )}{' '}
                      — {row.course}
                      {row.stage ? `, ${row.stage}` : ''}
                    </span>
                    <span className="text-xs text-slate-600">{row.reason}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </Card>
  );
}
