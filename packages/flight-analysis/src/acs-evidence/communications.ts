import { acsTolerances, type AcsEvidence, type ReadbackFinding } from '@skylog/contracts';
import { describeFault } from '../readback-words.ts';
import { evidence, measurement } from './measure.ts';

const tolerance = acsTolerances.communications;

/**
 * PA.III.A Communications, from the transcript's readback check: within when every readback that was due was complete
 * and right, outside with what was missed. A readback the recognition heard too poorly to judge ("unclear") counts for
 * neither; with none judged there is no evidence. Outside, the moment is the first faulty exchange.
 */
export function findCommunications(readbacks: readonly ReadbackFinding[]): AcsEvidence[] {
  const judged = readbacks.filter((finding) => finding.status !== 'unclear');
  if (judged.length === 0) return [];
  const faults = judged.filter((finding) => finding.status !== 'correct');
  const complete = measurement(
    'Readbacks complete and right, of those due',
    ((judged.length - faults.length) / judged.length) * 100,
    'percent',
    '100 %',
    {
      min: 100,
    },
  );
  const shown = faults[0] ?? judged[0]!;
  const last = faults.length > 0 ? shown : judged.at(-1)!;
  const summary =
    faults.length === 0
      ? `All ${judged.length} readback${judged.length === 1 ? '' : 's'} due complete and right`
      : `${faults.length} of ${judged.length} readbacks not right: ${faults.map(describeFault).join(' ')}`;
  return [evidence(tolerance.task, shown.instruction.start, last.readback?.end ?? last.instruction.end, summary, [complete])];
}
