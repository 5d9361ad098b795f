import { gradeRank, gradingScales, messages, type Scorecard } from '@skylog/contracts';
import { ArrowDownRight, ArrowRight, ArrowUpRight, Sparkles } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { useScorecard } from '../api/progress.ts';
import { Card } from './card.tsx';
import { acsDocumentOf } from './training-labels.ts';

type ScorecardTask = Scorecard['tasks'][number];

const trends: Record<ScorecardTask['trend'], { label: string; Icon: typeof ArrowRight; className: string }> = {
  improving: { label: 'Improving', Icon: ArrowUpRight, className: 'text-emerald-700' },
  steady: { label: 'Steady', Icon: ArrowRight, className: 'text-slate-600' },
  declining: { label: 'Declining', Icon: ArrowDownRight, className: 'text-red-700' },
  new: { label: 'First time', Icon: Sparkles, className: 'text-sky-700' },
};

/**
 * The student's ACS scorecard (docs/product.md "Lessons and grading"): per task, how often graded, when last, the
 * latest and best grade, the trend, and the last grades as bars, each a link to its lesson.
 */
export function ScorecardPanel({ personId }: { personId: string }) {
  const scorecard = useScorecard(personId);
  return (
    <Card title="ACS scorecard">
      <p className="text-sm text-slate-600">
        Each task of the Airman Certification Standards graded in a lesson (Private Pilot – Airplane, FAA-S-ACS-6C; Instrument Rating –
        Airplane, FAA-S-ACS-8C), in the ACS’s order.
      </p>
      {scorecard.isPending ? <p className="text-sm text-slate-600">{messages.loading}</p> : null}
      {scorecard.error ? <Alert tone="error">{scorecard.error.message}</Alert> : null}
      {scorecard.data && scorecard.data.tasks.length === 0 ? <p className="text-sm text-slate-600">No ACS task graded yet.</p> : null}
      {scorecard.data && scorecard.data.tasks.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="ACS scorecard">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="px-3 py-2 font-medium">Task</th>
                <th className="px-3 py-2 font-medium">Practised</th>
                <th className="px-3 py-2 font-medium">Last</th>
                <th className="px-3 py-2 font-medium">Latest</th>
                <th className="px-3 py-2 font-medium">Best</th>
                <th className="px-3 py-2 font-medium">Trend</th>
                <th className="px-3 py-2 font-medium">History</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {scorecard.data.tasks.map((task) => (
                <ScorecardRow key={task.task_code} task={task} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Card>
  );
}

function ScorecardRow({ task }: { task: ScorecardTask }) {
  const trend = trends[task.trend];
  return (
    <tr className="align-middle">
      <td className="px-3 py-2">
        <span className="font-mono text-xs font-semibold" title={acsDocumentOf(task.task_code) ?? undefined}>
          {task.task_code}
        </span>{' '}
        {task.title}
      </td>
      <td className="px-3 py-2 tabular-nums">{task.times_practised}×</td>
      <td className="px-3 py-2 whitespace-nowrap">{task.last_date ?? '—'}</td>
      <td className="px-3 py-2 font-semibold">{task.latest_grade ?? '—'}</td>
      <td className="px-3 py-2">{task.best_grade ?? '—'}</td>
      <td className={`px-3 py-2 whitespace-nowrap ${trend.className}`}>
        <span className="inline-flex items-center gap-1">
          <trend.Icon size={14} aria-hidden /> {trend.label}
        </span>
      </td>
      <td className="px-3 py-2">
        <GradeBars task={task} />
      </td>
    </tr>
  );
}

/** The last grades as bars, their height the grade's rank on its scale, green where it meets the ACS standard. */
function GradeBars({ task }: { task: Pick<ScorecardTask, 'history' | 'scale' | 'task_code'> }) {
  const scale = gradingScales[task.scale];
  const top = Math.max(...scale.grades.map((grade) => grade.rank));
  return (
    <div
      className="flex h-6 items-end gap-0.5"
      role="img"
      aria-label={`Grades of ${task.task_code}, oldest first: ${task.history.map((entry) => entry.grade).join(', ')}`}
    >
      {task.history.map((entry) => {
        const rank = gradeRank(task.scale, entry.grade) ?? 0;
        const meets = rank >= (gradeRank(task.scale, scale.passing) ?? top);
        return (
          <div
            key={entry.record_id}
            title={`${entry.date}: ${entry.grade}`}
            className={`w-2 rounded-sm ${meets ? 'bg-emerald-500' : 'bg-amber-500'}`}
            style={{ height: `${Math.max(0.2, rank / top) * 100}%` }}
          />
        );
      })}
    </div>
  );
}
