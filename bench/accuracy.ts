// `npm run bench -- accuracy`: the flight analysis against the truth of real recordings. Take-offs, landings
// (touch-and-go or full stop) and go-arounds on the labelled tracks in bench/corpus/tracks; the readback
// checker on the labelled exchanges in bench/corpus/readbacks and, for exchanges that may not be committed, in
// the folder READBACK_CORPUS names; the logbook entry made from each labelled track against an instructor's
// logbook for it; and the ACS manoeuvres found in the labelled airplane flights (bench/acs-accuracy.ts). A track
// file that cannot be read is an error row, and the run exits non-zero.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  eventNames,
  matchToleranceS,
  precisionOf,
  readbackCorpusDir,
  readbackLabels,
  readbackVerdicts,
  readReadbackSources,
  recallOf,
  scoreAcsCorpus,
  scoreReadbackSources,
  scoreTrackCorpus,
  trackEventTypes,
  type EventCounts,
  type ReadbackScore,
  type TrackAccuracy,
  type TrackEventType,
} from '@skylog/flight-analysis/corpus-accuracy';
import {
  minutesTolerance,
  scoreLogbookCorpus,
  type AirportLookups,
  type LogbookAccuracy,
  type LogbookFlightScore,
} from '@skylog/logbook/corpus-accuracy';
import { findFieldsAround, findNearestFieldIdent, openAirports } from '../apps/server/src/modules/map/airports.repository.ts';
import { acsReport } from './acs-accuracy.ts';

/** The targets an instructor's trust needs: few wrong flags, no fault missed, events neither missed nor invented. */
const targets = { precision: 0.95, recall: 0.95, exactClass: 0.9, touchAndGoRight: 0.95 } as const;

const eventTitles: Record<TrackEventType, string> = { takeoff: 'take-offs', landing: 'landings', go_around: 'go-arounds' };

const percent = (value: number | null): string => (value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`);
const ratio = (part: number, whole: number): string => `${part}/${whole}`;
/** "found/true (+invented)": what a row of the per-file table says about one event type. */
const cell = (counts: EventCounts): string => `${ratio(counts.found, counts.truth)}${counts.invented > 0 ? ` +${counts.invented}` : ''}`;
const meets = (value: number | null, target: number): string => (value === null ? '–' : value >= target ? 'yes' : '**no**');

function trackReport(accuracy: TrackAccuracy): string[] {
  const rows = accuracy.flights.map((flight) =>
    flight.error === null
      ? `| ${flight.file} | ${flight.format} (read as ${flight.readAs}) | ${flight.category} | ${cell(flight.counts.takeoff)} | ${cell(flight.counts.landing)} | ${cell(flight.counts.go_around)} | ${ratio(flight.kinds.right, flight.kinds.matched)} |`
      : `| ${flight.file} | ${flight.format} | ${flight.category} | **ERROR**: ${flight.error} | | | |`,
  );
  const totals = trackEventTypes.map((event) => {
    const counts = accuracy.totals[event];
    const isPerfect = counts.missed === 0 && counts.invented === 0;
    return `| ${eventTitles[event]} | ${counts.truth} | ${counts.detected} | ${counts.found} | ${counts.missed} | ${counts.invented} | ${percent(precisionOf(counts))} | ${percent(recallOf(counts))} | every one found, none invented: ${isPerfect ? 'yes' : '**no**'} |`;
  });
  const kindShare = accuracy.kinds.matched === 0 ? null : accuracy.kinds.right / accuracy.kinds.matched;
  const wrong = accuracy.flights.flatMap((flight) => flight.wrong);
  return [
    `### Tracks: ${accuracy.flights.length} labelled flights, events matched within ±${matchToleranceS} s`,
    '',
    'Cells are found/true, then +invented when the analysis found events that did not happen.',
    '',
    '| file | format | category | take-offs | landings | go-arounds | T&G vs FS right / landings found |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '| event | true | detected | found | missed | invented | precision | recall | target |',
    '|---|---|---|---|---|---|---|---|---|',
    ...totals,
    `| touch-and-go vs full stop | | | ${accuracy.kinds.matched} | | | | right ${ratio(accuracy.kinds.right, accuracy.kinds.matched)} = ${percent(kindShare)} | ≥ ${percent(targets.touchAndGoRight)}: ${meets(kindShare, targets.touchAndGoRight)} |`,
    '',
    `Files that could not be read: ${accuracy.parseErrors} of ${accuracy.flights.length} (their true events count as missed).`,
    '',
    `#### Cases still wrong (${wrong.length})`,
    '',
    ...(wrong.length === 0
      ? ['None.']
      : [
          '| file | event | time (UTC) | expected | found |',
          '|---|---|---|---|---|',
          ...wrong.map(
            (item) =>
              `| ${item.file} | ${item.event === 'file' ? 'file' : eventNames[item.event]} | ${item.time === null ? '' : new Date(item.time).toISOString().slice(11, 19)} | ${item.expected} | ${item.found} |`,
          ),
        ]),
  ];
}

const shareOf = (part: number, whole: number): string => `${percent(whole === 0 ? null : part / whole)} (${ratio(part, whole)})`;
const roundMinutes = (value: number): string => `${Math.round(value)}`;
const signedMinutes = (value: number): string => `${value < 0 ? '−' : '+'}${Math.abs(Math.round(value))}`;

/** The airports of a route's landings, each run of one written once: "EGBJ ×4, EGTF". */
function runsOf(idents: (string | null)[]): string {
  const runs: { ident: string; count: number }[] = [];
  for (const ident of idents.map((value) => value ?? 'none')) {
    const last = runs.at(-1);
    if (last?.ident === ident) last.count += 1;
    else runs.push({ ident, count: 1 });
  }
  return runs.map(({ ident, count }) => (count === 1 ? ident : `${ident} ×${count}`)).join(', ') || 'no landing';
}

function logbookRow(flight: LogbookFlightScore): string {
  if (flight.error !== null) return `| ${flight.file} | ${flight.category} | **ERROR**: ${flight.error} | | | | | |`;
  const { crossCountry, nightMinutes, nightTakeoffs, nightFullStopLandings, departure, farthestLanding, totalMinutes } = flight;
  const mark = (value: string, isRight: boolean) => (isRight ? value : `**${value}**`);
  const checked = (check: LogbookFlightScore['wrong'][number]['check']) => !flight.wrong.some((item) => item.check === check);
  const yesNo = (value: boolean) => (value ? 'yes' : 'no');
  return [
    '',
    flight.file,
    flight.category,
    `${yesNo(crossCountry.found)} / ${yesNo(crossCountry.label)}`,
    mark(`${roundMinutes(nightMinutes.found)} / ${roundMinutes(nightMinutes.label)} min`, checked('night time')),
    mark(
      `${nightTakeoffs.found} / ${nightTakeoffs.label}, ${nightFullStopLandings.found} / ${nightFullStopLandings.label}`,
      checked('night take-offs') && checked('night full-stop landings'),
    ),
    departure === null ? '–' : mark(`${departure.found ?? 'none'} / ${departure.label}`, checked('departure airport')),
    farthestLanding === null ? '–' : mark(`${runsOf(farthestLanding.landedAt)} ∋ ${farthestLanding.label}`, checked('farthest landing')),
    mark(
      `${roundMinutes(totalMinutes.found)} / ${roundMinutes(totalMinutes.label)} (${signedMinutes(totalMinutes.found - totalMinutes.label)})`,
      checked('total time'),
    ),
    '',
  ]
    .join(' | ')
    .trim();
}

function logbookReport(accuracy: LogbookAccuracy): string[] {
  const { crossCountry: xc, night, departure, farthestLanding } = accuracy;
  const wrong = accuracy.flights.flatMap((flight) => flight.wrong);
  return [
    `### Logbook: ${accuracy.flights.length} labelled flights, track → entry`,
    '',
    "Each track analysed (`analyseFlight`, the category of labels.json, the airport database's fields), its entry made (`entryFromFlight`, the route's airports from the database) and compared with an instructor's logbook (logbook-labels.json). Cells are the entry's value / the instructor's; bold is wrong.",
    `Night time and total time are right within ${minutesTolerance} min (a logbook's tenth of an hour); total time is compared with the labelled first take-off to last landing (to the recording's end where it ends airborne).`,
    ...(accuracy.airportsChecked ? [] : ['', '**No airport database (Node without node:sqlite): airports not looked up or checked.**']),
    '',
    '| file | category | cross-country | night time | night take-offs, full-stop landings | departure | landings ∋ farthest | total time, min |',
    '|---|---|---|---|---|---|---|---|',
    ...accuracy.flights.map(logbookRow),
    '',
    '| measure | value |',
    '|---|---|',
    `| cross-country | precision ${shareOf(xc.truePositives, xc.truePositives + xc.falsePositives)}, recall ${shareOf(xc.truePositives, xc.truePositives + xc.falseNegatives)} (TP ${xc.truePositives}, FP ${xc.falsePositives}, FN ${xc.falseNegatives}, TN ${xc.trueNegatives}) |`,
    `| night time, night take-offs and full-stop landings all right | ${shareOf(night.right, night.flights)} |`,
    `| departure airport right | ${shareOf(departure.right, departure.labelled)} |`,
    `| farthest landing's airport among the route's landings | ${shareOf(farthestLanding.found, farthestLanding.labelled)} |`,
    `| mean absolute error of the total time | ${accuracy.meanTotalTimeErrorMinutes === null ? 'n/a' : `${accuracy.meanTotalTimeErrorMinutes.toFixed(1)} min`} |`,
    '',
    `Files that could not be read: ${accuracy.unread} of ${accuracy.flights.length}.`,
    '',
    `#### Cases still wrong (${wrong.length})`,
    '',
    ...(wrong.length === 0
      ? ['None.']
      : [
          '| file | value | expected | found | why |',
          '|---|---|---|---|---|',
          ...wrong.map(
            (item) =>
              `| ${item.file} | ${item.check} | ${item.expected} | ${item.found} | ${item.cause}${item.detail ? `: ${item.detail}` : ''} |`,
          ),
        ]),
  ];
}

const repository = fileURLToPath(new URL('..', import.meta.url));
/** Folders inside the repository as the repository names them, so the report reads the same on every machine. */
const fromRepository = (dir: string): string => (dir.startsWith(repository) ? path.relative(repository, dir) : dir);

const readbackRow = (name: string, score: ReadbackScore): string =>
  `| ${name} | ${score.pairs} | ${percent(score.precision)} (${ratio(score.truePositives, score.flagged)}) | ${percent(score.recall)} (${ratio(score.truePositives, score.faults)}) | ${percent(score.exactClass)} (${ratio(score.exact, score.pairs)}) |`;

function readbackReport(dirs: string[]): string[] {
  const sources = readReadbackSources(dirs);
  if (sources.length === 0) return ['### Readbacks', '', `No readback corpus found (looked in ${dirs.map(fromRepository).join(' and ')}).`];
  const accuracy = scoreReadbackSources(sources);
  const { total } = accuracy;
  const misjudged = accuracy.cases.filter((item) => item.label !== item.verdict);
  return [
    `### Readbacks: ${total.pairs} instruction → readback pairs from ${sources.length} source${sources.length === 1 ? '' : 's'}`,
    '',
    'A finding is a verdict of missing, incomplete or wrong; "unclear" is no fault flagged (so it does not lower precision, and on a true fault it is a miss).',
    '',
    '| source | pairs | precision | recall | exact class |',
    '|---|---|---|---|---|',
    ...accuracy.sources.map((source) => readbackRow(source.name, source)),
    readbackRow('**total**', total),
    `| target | | ≥ ${percent(targets.precision)}: ${meets(total.precision, targets.precision)} | ≥ ${percent(targets.recall)}: ${meets(total.recall, targets.recall)} | ≥ ${percent(targets.exactClass)}: ${meets(total.exactClass, targets.exactClass)} |`,
    '',
    ...[...(accuracy.sources.length > 1 ? accuracy.sources : []), { ...total, name: 'total' }].flatMap((score) => [
      `Confusion matrix, ${score.name} (rows: true label, columns: the checker's verdict):`,
      '',
      `| true \\ checker | ${readbackVerdicts.join(' | ')} |`,
      `|---|${readbackVerdicts.map(() => '---').join('|')}|`,
      ...readbackLabels.map((label) => `| ${label} | ${readbackVerdicts.map((verdict) => score.confusion[label][verdict]).join(' | ')} |`),
      '',
    ]),
    `#### Exchanges judged otherwise than labelled (${misjudged.length})`,
    '',
    ...(misjudged.length === 0
      ? ['None.']
      : misjudged.map((item) => `- ${item.source}/${item.id}: labelled ${item.label}, the checker said ${item.verdict}`)),
  ];
}

export async function benchAccuracy(): Promise<string> {
  const airports = await openAirports();
  const lookups: AirportLookups | null =
    airports === null
      ? null
      : {
          fieldsAround: (points, category) => findFieldsAround(airports, points, category),
          airportAt: (place, category) => findNearestFieldIdent(airports, place, category),
        };
  const tracks = scoreTrackCorpus(lookups?.fieldsAround ?? (() => []));
  const acs = scoreAcsCorpus(lookups?.fieldsAround ?? (() => []));
  const logbook = scoreLogbookCorpus(lookups);
  airports?.close();
  const extraReadbacks = process.env.READBACK_CORPUS;
  // A folder asked for and not there is a mistake to say, not a corpus to leave out quietly.
  if (extraReadbacks && !existsSync(extraReadbacks)) throw new Error(`READBACK_CORPUS names ${extraReadbacks}, which does not exist.`);
  const readbackDirs = [readbackCorpusDir, ...(extraReadbacks ? [extraReadbacks] : [])];
  if (tracks.parseErrors > 0 || logbook.unread > 0 || acs.flights.some((flight) => flight.error !== null)) process.exitCode = 1;
  return [
    ...(tracks.parseErrors > 0 ? [`**${tracks.parseErrors} corpus file(s) could not be read: see the ERROR rows. Exit code 1.**`, ''] : []),
    ...trackReport(tracks),
    '',
    ...readbackReport(readbackDirs),
    '',
    ...logbookReport(logbook),
    '',
    ...acsReport(acs),
  ].join('\n');
}
