import { flightPhaseLabels, momentCategoryLabels, type AiNotesDraft, type FlightAnalysis, type TeachableMoment } from '@skylog/contracts';

/** At most this many points per list: a debrief covers a few things well, not everything. */
const pointsPerList = 6;

const asPoint = (moment: TeachableMoment) => ({ moment_id: moment.id, text: `${moment.title}: ${moment.explanation}` });

const plural: Partial<Record<TeachableMoment['kind'], string>> = {
  stable_approach: 'stable approaches',
  smooth_landing: 'smooth landings',
  go_around: 'go-arounds',
};

/**
 * What went well, one point per kind: five smooth touch-and-goes are one thing to praise, said once
 * (linked to the first of them), not five times over.
 */
function wellPoints(moments: TeachableMoment[]): AiNotesDraft['well'] {
  const byKind = new Map<TeachableMoment['kind'], TeachableMoment[]>();
  for (const moment of moments) byKind.set(moment.kind, [...(byKind.get(moment.kind) ?? []), moment]);
  return [...byKind.entries()].map(([kind, group]) =>
    group.length === 1 ? asPoint(group[0]!) : { moment_id: group[0]!.id, text: `${group.length} ${plural[kind] ?? `× ${group[0]!.title}`}; the first: ${group[0]!.explanation}` },
  );
}

/**
 * The rules engine's draft, always made (labelled "Automatic analysis" on screen): each point is a
 * moment of the analysis, so every one links to its time in the flight.
 */
export function draftNotesFromAnalysis(analysis: FlightAnalysis): AiNotesDraft {
  const well = wellPoints(analysis.moments.filter((moment) => moment.tone === 'well'));
  const improve: AiNotesDraft['improve'] = analysis.moments.filter((moment) => moment.tone === 'improve').map(asPoint);
  const { landings, go_arounds: goArounds } = analysis.stats;
  const isLandingFlagged = analysis.moments.some((moment) => moment.kind === 'hard_landing' || moment.kind === 'long_float');
  if (landings > 0 && !isLandingFlagged) {
    well.push({ moment_id: null, text: `${landings} landing${landings === 1 ? '' : 's'}${goArounds ? ` and ${goArounds} go-around${goArounds === 1 ? '' : 's'}` : ''} with no hard landing or long float.` });
  }
  if (well.length === 0 && improve.length === 0) {
    well.push({ moment_id: null, text: 'No exceedance, unstable approach, workload cluster or readback error was found in what was recorded.' });
  }
  return { well: well.slice(0, pointsPerList), improve: improve.slice(0, pointsPerList) };
}

/** A draft list as the text of ai_trip_well / ai_trip_improve (and what "Use as debrief" copies). */
export function notesText(points: AiNotesDraft['well']): string | null {
  return points.length > 0 ? points.map((point) => `- ${point.text}`).join('\n') : null;
}

export type StudentFacts = { name: string | null; program: string | null; ratings: string[] };

const clock = (time: number, start: number) => {
  const seconds = Math.max(0, Math.round((time - start) / 1000));
  return `${Math.floor(seconds / 3600)}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

export const notesSystemPrompt = [
  'You are a flight instructor drafting a debrief for a student after a training flight.',
  'You receive a summary of the flight made by an automatic analysis: phases, landings, moments found (each with an id), readback findings and the student\'s markers.',
  'Write what went well and what to improve, as short points in plain English an instructor would say.',
  'Refer each point to the moment it is about by its moment_id; use null only for a point about the whole flight.',
  'Use only facts from the summary. Never invent times, figures or events.',
].join(' ');

/**
 * The compact summary the model drafts from: a few kilobytes whatever the flight's length (no
 * points, no full transcript), with moment ids the answer must refer to.
 */
export function summariseForNotes(analysis: FlightAnalysis, student: StudentFacts, flightStart: number): string {
  const lines: string[] = [];
  lines.push(`Student: ${student.name ?? 'unknown'}; program: ${student.program ? `Part ${student.program}` : 'unknown'}; ratings: ${student.ratings.join(', ') || 'none recorded'}.`);
  lines.push(`Phases: ${analysis.phases.map((phase) => `${flightPhaseLabels[phase.phase]} ${clock(phase.start, flightStart)}–${clock(phase.end, flightStart)}`).join('; ') || 'unknown (no track)'}.`);
  for (const landing of analysis.landings) {
    lines.push(
      `Landing (${landing.kind === 'touch_and_go' ? 'touch-and-go' : 'full stop'}) at ${clock(landing.touchdown_time, flightStart)}: ${Math.round(landing.ground_speed_kt)} kt at touchdown` +
        `${landing.float_s === null ? '' : `, float ${Math.round(landing.float_s)} s`}${landing.descent_rate_fpm === null ? '' : `, ${Math.round(landing.descent_rate_fpm)} fpm over the last 500 ft`}.`,
    );
  }
  lines.push(`Maximum bank ${analysis.stats.max_bank_deg ?? '?'}°, maximum altitude ${analysis.stats.max_altitude_ft ?? '?'} ft.`);
  lines.push('Moments:');
  for (const moment of analysis.moments.slice(0, 40)) {
    const heard = moment.evidence
      .filter((item) => item.kind === 'utterance')
      .map((item) => `"${item.text.slice(0, 200)}"`)
      .join(' / ');
    lines.push(`- id ${moment.id} at ${clock(moment.time, flightStart)} [${momentCategoryLabels[moment.category]}, ${moment.tone}] ${moment.title}: ${moment.explanation}${heard ? ` Heard: ${heard}` : ''}`);
  }
  if (analysis.limitations.length > 0) lines.push(`Not analysed: ${analysis.limitations.join(' ')}`);
  return lines.join('\n');
}

/** Keeps only points that name a moment of this analysis (or none): a model's made-up id links nowhere. */
export function keepKnownMoments(draft: AiNotesDraft, analysis: FlightAnalysis): AiNotesDraft {
  const ids = new Set(analysis.moments.map((moment) => moment.id));
  const fix = (points: AiNotesDraft['well']) => points.map((point) => ({ ...point, moment_id: point.moment_id && ids.has(point.moment_id) ? point.moment_id : null }));
  return { well: fix(draft.well), improve: fix(draft.improve) };
}
