import type { AcsEvidence, ReadbackFinding } from '@skylog/contracts';
import { detectPhases, type KnownField } from '../phases.ts';
import { buildSyntheticTrack, type SyntheticOptions, type SyntheticSegment, type SyntheticTrack } from '../synthetic-track.ts';
import { findAcsEvidence } from './index.ts';

/** For tests: a made-up airplane flight (synthetic-track.ts) and the ACS evidence the analysis finds in it. */
export function evidenceOfSynthetic(
  segments: SyntheticSegment[],
  options: SyntheticOptions = {},
  context: { airports?: KnownField[]; readbacks?: ReadbackFinding[] } = {},
): SyntheticTrack & { evidence: AcsEvidence[]; of: (task: string) => AcsEvidence[] } {
  const flight = buildSyntheticTrack(segments, options);
  const airports = context.airports ?? [];
  const phases = detectPhases(flight.points, { category: 'airplane', airports });
  const evidence = findAcsEvidence({ points: flight.points, phases, category: 'airplane', airports, readbacks: context.readbacks ?? [] });
  return { ...flight, evidence, of: (task) => evidence.filter((item) => item.task_code === task) };
}
