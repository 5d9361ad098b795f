import {
  flightPhaseLabels,
  momentCategoryLabels,
  phaseColours,
  readbackRules,
  type ReadbackFinding,
  type TeachableMoment,
  type TripAnalysis,
} from '@skylog/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { memo } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import type { Timezone } from '../../../lib/settings-store.ts';
import type { PlaybackClock } from '../utils/playback-clock.ts';
import { momentElementId } from '../utils/moments.ts';
import { getTimeLabel } from '../utils/time-labels.ts';
import { formatFlightOffset } from '../utils/timeline.ts';
import { Panel, Spinner } from './panel.tsx';

type AnalysisPanelProps = {
  analysis: TripAnalysis | undefined;
  isLoading: boolean;
  error: Error | null;
  flightStartMs: number;
  clock: PlaybackClock;
  timezone: Timezone;
};

/**
 * The flight's automatic analysis: phases, landings, and the moments worth talking about. Clicking a
 * moment moves the one playback clock, so audio, transcript, map and charts go there together.
 */
export function AnalysisPanel({ analysis, isLoading, error, flightStartMs, clock, timezone }: AnalysisPanelProps) {
  const result = analysis?.analysis ?? null;
  const isWorking = analysis?.ai_status === 'queued' || analysis?.ai_status === 'running';
  return (
    <Panel label="Flight analysis" title="Flight analysis">
      {error ? <Alert tone="error">The analysis could not be loaded: {error.message}</Alert> : null}
      {isLoading ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Loading the analysis…
        </p>
      ) : null}
      {isWorking ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Analysing the flight…
        </p>
      ) : null}
      {analysis?.ai_status === 'failed' ? <Alert tone="error">The analysis failed: {analysis.ai_error}</Alert> : null}
      {analysis?.ai_status === 'ready' && analysis.ai_error ? <Alert tone="info">{analysis.ai_error}</Alert> : null}
      {result ? (
        <>
          {result.phases.length > 0 ? (
            <ul aria-label="Flight phases" className="flex flex-wrap gap-1.5">
              {result.phases.map((phase) => (
                <li key={`${phase.phase}-${phase.start}`}>
                  <button
                    type="button"
                    onClick={() => clock.seek(phase.start)}
                    className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50"
                  >
                    <span aria-hidden className="h-2 w-2 rounded-full" style={{ backgroundColor: phaseColours[phase.phase] }} />
                    {flightPhaseLabels[phase.phase]} {getTimeLabel(phase.start, timezone)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {result.landings.length > 0 ? <LandingsTable analysis={result} timezone={timezone} clock={clock} /> : null}
          {result.moments.length > 0 ? (
            <MomentList moments={result.moments} flightStartMs={flightStartMs} clock={clock} timezone={timezone} />
          ) : (
            <p className="text-sm text-slate-600">
              No moment stood out: no exceedance, unstable approach, workload cluster or readback error.
            </p>
          )}
          {result.limitations.length > 0 ? (
            <ul aria-label="Not analysed" className="flex flex-col gap-0.5 text-xs text-slate-500">
              {result.limitations.map((limitation) => (
                <li key={limitation}>{limitation}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : !isWorking && !isLoading && !error ? (
        <p className="text-sm text-slate-600">This flight has not been analysed yet.</p>
      ) : null}
    </Panel>
  );
}

function LandingsTable({
  analysis,
  timezone,
  clock,
}: {
  analysis: NonNullable<TripAnalysis['analysis']>;
  timezone: Timezone;
  clock: PlaybackClock;
}) {
  return (
    <table className="w-full text-left text-xs">
      <caption className="mb-1 text-left text-xs font-medium uppercase tracking-wide text-slate-500">Landings</caption>
      <thead className="text-slate-500">
        <tr>
          <th className="py-1 font-medium">Touchdown</th>
          <th className="py-1 font-medium">Kind</th>
          <th className="py-1 font-medium">Ground speed</th>
          <th className="py-1 font-medium">Float</th>
          <th className="py-1 font-medium">Descent, last 500 ft</th>
        </tr>
      </thead>
      <tbody className="tabular-nums text-slate-800">
        {analysis.landings.map((landing) => (
          <tr key={landing.touchdown_time} className="border-t border-slate-100">
            <td className="py-1">
              <button type="button" onClick={() => clock.seek(landing.touchdown_time)} className="text-brand-600 hover:underline">
                {getTimeLabel(landing.touchdown_time, timezone)}
              </button>
            </td>
            <td className="py-1">{landing.kind === 'touch_and_go' ? 'Touch-and-go' : 'Full stop'}</td>
            <td className="py-1">{Math.round(landing.ground_speed_kt)} kt</td>
            <td className="py-1">{landing.float_s === null ? '—' : `${Math.round(landing.float_s)} s`}</td>
            <td className="py-1">
              {landing.descent_rate_fpm === null ? '—' : `${Math.round(landing.descent_rate_fpm).toLocaleString('en-GB')} fpm`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type MomentListProps = { moments: readonly TeachableMoment[]; flightStartMs: number; clock: PlaybackClock; timezone: Timezone };

const MomentList = memo(function MomentList({ moments, flightStartMs, clock, timezone }: MomentListProps) {
  return (
    <ul aria-label="Teachable moments" className="flex max-h-[28rem] flex-col divide-y divide-slate-100 overflow-y-auto pr-1">
      {moments.map((moment) => (
        <li key={moment.id} className="py-1">
          <button
            type="button"
            id={momentElementId(moment.id)}
            onClick={() => clock.seek(moment.time)}
            className="flex w-full flex-col gap-1 rounded-md px-2 py-1.5 text-left hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <span className="flex flex-wrap items-center gap-2 text-sm">
              {moment.tone === 'well' ? (
                <CircleCheck size={16} className="text-emerald-600" aria-label="Went well" />
              ) : (
                <CircleAlert size={16} className="text-amber-600" aria-label="To improve" />
              )}
              <span className="font-medium text-slate-900">{moment.title}</span>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{momentCategoryLabels[moment.category]}</span>
              <span className="tabular-nums text-slate-700">{getTimeLabel(moment.time, timezone)}</span>
              <span className="tabular-nums text-xs text-slate-500">{formatFlightOffset(moment.time - flightStartMs)}</span>
            </span>
            <span className="text-sm text-slate-700">{moment.explanation}</span>
          </button>
          {moment.readback ? <ReadbackPair finding={moment.readback} clock={clock} timezone={timezone} /> : null}
        </li>
      ))}
    </ul>
  );
});

/**
 * The instruction and the readback side by side, each element as given and as heard, then what a correct
 * readback would have been and the rule it rests on.
 */
function ReadbackPair({ finding, clock, timezone }: { finding: ReadbackFinding; clock: PlaybackClock; timezone: Timezone }) {
  const sides = [
    { label: finding.addressee ? `ATC instruction to ${finding.addressee}` : 'ATC instruction', utterance: finding.instruction },
    { label: 'Readback', utterance: finding.readback },
  ];
  const rule = finding.rule ? readbackRules[finding.rule] : null;
  return (
    <div className="mx-2 mb-1 grid gap-2 sm:grid-cols-2">
      {sides.map(({ label, utterance }) => (
        <figure key={label} className="rounded-md border border-slate-200 bg-slate-50 px-2 py-1.5">
          <figcaption className="text-xs font-medium text-slate-500">
            {label}
            {utterance ? (
              <button
                type="button"
                onClick={() => clock.seek(utterance.start)}
                className="ml-1 tabular-nums text-brand-600 hover:underline"
              >
                {getTimeLabel(utterance.start, timezone)}
              </button>
            ) : null}
          </figcaption>
          <blockquote className="text-sm text-slate-800">{utterance ? `“${utterance.text}”` : 'No readback'}</blockquote>
        </figure>
      ))}
      <dl className="grid grid-cols-[auto_1fr_1fr] gap-x-3 text-xs sm:col-span-2">
        {finding.elements.map((element) => {
          const isRight = element.heard === element.expected;
          return (
            <div key={`${element.type}-${element.expected}`} className="contents">
              <dt className="text-slate-500">{element.type.replaceAll('_', ' ')}</dt>
              <dd className="tabular-nums text-slate-800">given {element.expected}</dd>
              <dd className={`tabular-nums ${isRight ? 'text-emerald-700' : 'font-medium text-red-700'}`}>
                {element.heard === null ? 'not read back' : `heard ${element.heard}`}
              </dd>
            </div>
          );
        })}
      </dl>
      {finding.expected_readback ? (
        <div
          role="note"
          aria-label="A correct readback"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-2 py-1.5 sm:col-span-2"
        >
          <p className="text-xs font-medium text-emerald-800">A correct readback</p>
          <blockquote className="text-sm text-slate-800">“{finding.expected_readback}”</blockquote>
          {rule ? (
            <p className="mt-1 text-xs text-slate-600">
              {rule.rule} <cite className="not-italic text-slate-500">{rule.citation}</cite>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
