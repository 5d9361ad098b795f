import type { Landing, ReadbackFinding, TrackPoint, Utterance } from '@skylog/contracts';
import { parseTrackFile } from '../../track/parse-track-file.ts';
import { detectPhases, type PhaseResult } from '../phases.ts';
import { checkReadbacks } from '../readback.ts';

/**
 * The only places where the accuracy scoring calls the product: reading a track file, finding a flight's
 * events, and judging one readback. Each turns today's interface into the small shape the scoring needs, so a
 * change to the parser, the phase detection or the readback checker is taken up here and nowhere else.
 */

/** The file's points and the format the parser read it as. */
export const parseCorpusTrack = (fileName: string, data: Buffer): { format: string; points: TrackPoint[] } =>
  parseTrackFile(fileName, data);

export type DetectedLanding = { time: number; kind: Landing['kind'] };
export type DetectedEvents = { takeoffs: { time: number }[]; landings: DetectedLanding[]; goArounds: { time: number }[] };

/**
 * Take-offs, landings and go-arounds as the analysis finds them. `category` is the aircraft category the
 * corpus labels give ("airplane", "glider"); today's detection has one set of rules for every aircraft, so
 * it is not used yet, and the detection that knows categories takes it from here.
 */
export function detectCorpusEvents(points: TrackPoint[], _category: string): DetectedEvents {
  const result = detectPhases(points);
  return {
    takeoffs: liftoffTimes(result.phases).map((time) => ({ time })),
    landings: result.landings.map((landing) => ({ time: landing.touchdown_time, kind: landing.kind })),
    goArounds: result.goArounds.map(({ time }) => ({ time })),
  };
}

const airbornePhases = new Set(['climb', 'cruise', 'descent', 'approach', 'go_around']);

/** A lift-off ends a take-off roll or a touch-and-go's ground run when flying follows; a roll that stays on the ground is a rejected take-off or a fast taxi. */
const liftoffTimes = (phases: PhaseResult['phases']): number[] =>
  phases.flatMap((segment, index) => {
    const next = phases[index + 1];
    const isGroundRun = segment.phase === 'takeoff_roll' || segment.phase === 'touch_and_go';
    return isGroundRun && next !== undefined && airbornePhases.has(next.phase) ? [segment.end] : [];
  });

/** What the checker says about one ATC instruction ("unclear": a transcript it cannot judge). */
export type ReadbackVerdict = ReadbackFinding['status'];

/**
 * The checker's verdict on `instruction` heard among `utterances`, judged from the cockpit of the aircraft
 * called (`ownCallsign`), as Skylog judges a flight knowing its own aircraft's callsign. An instruction the
 * checker does not answer (it found nothing to read back in it) is "correct": no flag reaches the instructor.
 */
export function readbackVerdict(
  utterances: Utterance[],
  atcSpeakers: ReadonlySet<number>,
  instruction: Utterance,
  ownCallsign: string,
): ReadbackVerdict {
  const findings = checkReadbacks(utterances, { atcSpeakers, ownCallsigns: [ownCallsign] });
  return findings.find((candidate) => candidate.instruction.start === instruction.start)?.status ?? 'correct';
}
