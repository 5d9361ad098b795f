import { acsTaskByCode, acsTaskCodes, gradeRank, type Scorecard } from '@skylog/contracts';
import { requireTrainee } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import * as repository from './courses.repository.ts';

/** Grades a trend looks back over: the last few, as an instructor reading a scorecard would. */
const historyLength = 8;

type Graded = Awaited<ReturnType<typeof repository.listGradedTasksOf>>[number] & { taskCode: string; grade: string };

/**
 * The scorecard pilots ask for (docs/product.md "Lessons and grading"): per ACS task, how often it was graded, when
 * last, the latest and best grade and the trend of the last grades. Grades are compared by their rank on their own
 * course's scale.
 */
export async function getScorecard(ctx: AppContext, scope: RequestScope, studentId: string): Promise<Scorecard> {
  await requireTrainee(ctx, scope.actor, studentId, 'read', scope);
  const rows = (await repository.listGradedTasksOf(ctx.db, studentId)).filter((row): row is Graded => row.taskCode !== null && row.grade !== null);
  const byTask = new Map<string, Graded[]>();
  for (const row of rows) byTask.set(row.taskCode, [...(byTask.get(row.taskCode) ?? []), row]);
  const tasks = [...byTask.entries()].map(([code, graded]) => {
    const rank = (row: Graded) => gradeRank(row.scale, row.grade) ?? 0;
    const latest = graded.at(-1)!;
    const previous = graded.at(-2);
    const best = graded.reduce((top, row) => (rank(row) > rank(top) ? row : top));
    const trend = previous === undefined ? 'new' : rank(latest) > rank(previous) ? 'improving' : rank(latest) < rank(previous) ? 'declining' : 'steady';
    return {
      task_code: code,
      title: acsTaskByCode(code)?.title ?? latest.title,
      times_practised: graded.length,
      last_date: latest.date,
      latest_grade: latest.grade,
      best_grade: best.grade,
      scale: latest.scale,
      history: graded.slice(-historyLength).map((row) => ({ date: row.date, grade: row.grade, record_id: row.recordId })),
      trend: trend as Scorecard['tasks'][number]['trend'],
    };
  });
  // In the ACS's own order (area, then task), as the certificate's checklist reads.
  const order = (code: string) => acsTaskCodes.indexOf(code);
  tasks.sort((a, b) => order(a.task_code) - order(b.task_code));
  return { tasks };
}
