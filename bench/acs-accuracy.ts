// The "ACS manoeuvres" section of `npm run bench -- accuracy`: the steep turns, slow flight, go-arounds and emergency
// descents the flight analysis proposes ACS evidence for, against the labelled airplane flights of
// bench/corpus/tracks/acs-labels.json (ACS-LABELLING.md says how they were labelled).
import {
  acsManoeuvres,
  manoeuvreTasks,
  precisionOf,
  recallOf,
  type AcsAccuracy,
  type AcsManoeuvre,
  type EventCounts,
} from '@skylog/flight-analysis/corpus-accuracy';

const manoeuvreTitles: Record<AcsManoeuvre, string> = {
  steep_turns: 'steep turns',
  slow_flight: 'slow flight',
  go_arounds: 'go-arounds',
  emergency_descents: 'emergency descents',
};

const percent = (value: number | null): string => (value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`);
/** "found/true (+invented)", as the tracks' table writes it. */
const cell = (counts: EventCounts): string => `${counts.found}/${counts.truth}${counts.invented > 0 ? ` +${counts.invented}` : ''}`;
const utc = (time: number): string => new Date(time).toISOString().slice(11, 19);

export function acsReport(accuracy: AcsAccuracy): string[] {
  const rows = accuracy.flights.map((flight) =>
    flight.error === null
      ? `| ${flight.file} | ${acsManoeuvres.map((manoeuvre) => cell(flight.counts[manoeuvre])).join(' | ')} |`
      : `| ${flight.file} | **ERROR**: ${flight.error} | | | |`,
  );
  const totals = acsManoeuvres.map((manoeuvre) => {
    const counts = accuracy.totals[manoeuvre];
    return `| ${manoeuvreTitles[manoeuvre]} (${manoeuvreTasks[manoeuvre]}) | ${counts.truth} | ${counts.detected} | ${counts.found} | ${counts.missed} | ${counts.invented} | ${percent(precisionOf(counts))} | ${percent(recallOf(counts))} |`;
  });
  const proposed = accuracy.flights.flatMap((flight) =>
    flight.detected.map(
      (item) => `| ${flight.file} | ${item.task_code} | ${utc(item.start_ms)}–${utc(item.end_ms)} | ${item.outcome} | ${item.summary} |`,
    ),
  );
  return [
    `### ACS manoeuvres: ${accuracy.flights.length} labelled airplane flights`,
    '',
    'A manoeuvre is found when the evidence the analysis proposes for its task overlaps the labelled span (each at most once). Cells are found/true, then +invented.',
    '',
    `| file | ${acsManoeuvres.map((manoeuvre) => manoeuvreTitles[manoeuvre]).join(' | ')} |`,
    `|---|${acsManoeuvres.map(() => '---').join('|')}|`,
    ...rows,
    '',
    '| manoeuvre | true | detected | found | missed | invented | precision | recall |',
    '|---|---|---|---|---|---|---|---|',
    ...totals,
    '',
    `#### Evidence proposed (${proposed.length})`,
    '',
    ...(proposed.length === 0 ? ['None.'] : ['| file | task | time (UTC) | outcome | summary |', '|---|---|---|---|---|', ...proposed]),
  ];
}
