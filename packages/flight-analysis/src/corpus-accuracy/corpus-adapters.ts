import type { AcsEvidence, AircraftCategory, Landing, ReadbackFinding, TrackPoint, Utterance } from '@skylog/contracts';
import { parseTrackFile } from '@skylog/track-formats';
import { findAcsEvidence } from '../acs-evidence/index.ts';
import { detectPhases, type KnownField } from '../phases.ts';
import { checkReadbacks } from '../readback.ts';

/**
 * The only places where the accuracy scoring calls the product: reading a track file, finding a flight's
 * events and its ACS evidence, and judging one readback. Each turns today's interface into the small shape the scoring needs, so a
 * change to the parser, the phase detection or the readback checker is taken up here and nowhere else.
 */

/** The file's points and the format the parser read it as. */
export const parseCorpusTrack = (fileName: string, data: Buffer): { format: string; points: TrackPoint[] } =>
  parseTrackFile(fileName, data);

export type DetectedLanding = { time: number; kind: Landing['kind'] };
export type DetectedEvents = { takeoffs: { time: number }[]; landings: DetectedLanding[]; goArounds: { time: number }[] };

/**
 * Take-offs, landings and go-arounds as the analysis finds them, by the rules of the aircraft's category and
 * with the airport database's fields around the track, as the analysis job gives them.
 */
export function detectCorpusEvents(points: TrackPoint[], category: AircraftCategory, airports: KnownField[]): DetectedEvents {
  const result = detectPhases(points, { category, airports });
  return {
    takeoffs: result.takeoffs.map(({ time }) => ({ time })),
    landings: result.landings.map((landing) => ({ time: landing.touchdown_time, kind: landing.kind })),
    goArounds: result.goArounds.map(({ time }) => ({ time })),
  };
}

/** A flight's ACS evidence from its track as the analysis finds it (the radio's left out: the corpus has no audio). */
export function detectCorpusAcsEvidence(points: TrackPoint[], category: AircraftCategory, airports: KnownField[]): AcsEvidence[] {
  const phases = detectPhases(points, { category, airports });
  return findAcsEvidence({ points, phases, category, airports, readbacks: [] });
}

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
