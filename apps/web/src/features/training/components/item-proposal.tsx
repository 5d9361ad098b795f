import type { GradingScaleKey, LessonRecordItem } from '@skylog/contracts';
import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { flightMomentSearch } from '../../../lib/flight-moment.ts';
import { formatTimeOfDay } from '../../../lib/format-time.ts';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { Badge } from './badge.tsx';
import { gradeText, isMeasurableTask, measurementText } from './training-labels.ts';

type ItemProposalProps = {
  item: LessonRecordItem;
  scale: GradingScaleKey;
  /** The flight the lesson was flown on: its moments are where "Go to moment" leads. */
  tripId: string | null;
  /** Takes the proposal as the item's grade; absent where the reader does not grade. */
  onUse?: (() => void) | undefined;
};

/**
 * Skylog's proposal for an ACS task from the flight's analysis (docs/product.md "Lessons and grading"): labelled as a
 * suggestion, with each time the task was flown, its numbers against the ACS tolerance and the moment to go and see.
 * It never becomes a grade by itself: the instructor takes it with one click, or grades otherwise.
 */
export function ItemProposal({ item, scale, tripId, onUse }: ItemProposalProps) {
  const timezone = useSettingsStore((state) => state.timezone);
  const { proposal } = item;
  if (!proposal) {
    if (tripId === null || !isMeasurableTask(item.task_code)) return null;
    return <p className="text-xs text-slate-500">No proposal: the flight’s analysis did not measure this task on this flight.</p>;
  }
  return (
    <div
      role="note"
      aria-label="Skylog’s proposal"
      className="flex flex-col gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-semibold">Suggestion — proposed from the flight: {gradeText(scale, proposal.grade)}</span>
          {proposal.grade === item.grade ? <span className="ml-2 text-xs text-sky-800">(your grade)</span> : null}
        </p>
        {onUse && proposal.grade !== item.grade ? (
          <Button variant="secondary" onClick={onUse}>
            Use proposal
          </Button>
        ) : null}
      </div>
      <ul className="flex flex-col gap-2">
        {proposal.evidence.map((evidence) => (
          <li key={`${evidence.start_ms}-${evidence.end_ms}`} className="flex flex-col gap-1">
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone={evidence.outcome === 'within' ? 'good' : 'bad'}>
                {evidence.outcome === 'within' ? 'Within the ACS tolerances' : 'Outside the ACS tolerances'}
              </Badge>
              <span>{evidence.summary}</span>
              <span className="text-xs text-sky-800">at {formatTimeOfDay(evidence.start_ms, timezone)}</span>
              {tripId ? (
                <Link
                  to={`${paths.dashboard.flight.getHref(tripId)}${flightMomentSearch(evidence.start_ms)}`}
                  className="text-xs font-medium text-brand-700 hover:underline"
                >
                  Go to moment
                </Link>
              ) : null}
            </p>
            {evidence.measurements.length > 0 ? (
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Measurements">
                {evidence.measurements.map((measurement) => (
                  <li
                    key={measurement.label}
                    className={`flex items-center gap-1 ${measurement.within ? 'text-emerald-800' : 'text-red-800'}`}
                  >
                    {measurement.within ? <Check size={12} aria-hidden /> : <X size={12} aria-hidden />}
                    {measurement.label}: {measurementText(measurement.value, measurement.unit)} (ACS {measurement.limit}
                    {measurement.within ? '' : ', outside'})
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
