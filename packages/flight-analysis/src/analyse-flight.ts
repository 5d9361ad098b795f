import {
  getTranscriptWords,
  groupUtterances,
  messages,
  readbackRules,
  type AircraftCategory,
  transcriptSentences,
  type FlightAnalysis,
  type Marker,
  type ReadbackFinding,
  type TeachableMoment,
  type TrackPoint,
  type TranscriptJson,
} from '@skylog/contracts';
import { findAcsEvidence } from './acs-evidence/index.ts';
import { detectPhases, type KnownField } from './phases.ts';
import { checkReadbacks, type RadioUtterance } from './readback.ts';
import { describeFault } from './readback-words.ts';
import { findApproachAndExceedanceMoments } from './stability.ts';
import { computeKinematics } from './track-kinematics.ts';
import { findWorkloadClusters } from './workload.ts';

/**
 * Bump when a rule changes: at start-up every stored analysis older than this is queued to be made again
 * (the analysis.requeue-stale job). 2: phases by aircraft category, full stop at taxi speed, go-arounds at any
 * airport; readbacks matched to the callsign called, with the readback that was due and its rule. 3: each
 * take-off's time and place, which the logbook counts day and night take-offs from (14 CFR 61.57(b)). 4: the ACS
 * evidence (`acs_evidence`): steep turns, slow flight, touchdown points on the runway, go-arounds, traffic patterns,
 * emergency descents and communications measured against the FAA-S-ACS-6C tolerances, with the airports' runways.
 */
export const analysisVersion = 4;

/** The first fix at or after a time (the last one when none is): where a lift-off happened. */
function fixAt(points: TrackPoint[], time: number): TrackPoint | undefined {
  let low = 0;
  let high = points.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((points[middle]?.timestamp ?? 0) < time) low = middle + 1;
    else high = middle;
  }
  return points[low];
}

/** Readbacks heard in a flight before "every one complete" is worth saying. */
const cleanReadbacksMinimum = 3;

export type FlightInput = {
  points: TrackPoint[];
  /** The aircraft's category; null when nobody has said (airplane rules, and the analysis says so). */
  category: AircraftCategory | null;
  /** Airports of the database around the track, with their runways where the database has them. */
  airports: KnownField[];
  markers: Marker[];
  transcript: TranscriptJson | null;
  /** Epoch ms of the audio's first sample; transcript times count from it. */
  audioStartedAt: number | null;
  /** The flight's begin time: the transcript's clock when the audio has none. */
  beginTime: number | null;
  /** Speakers the flight's crew named ATC (only they give instructions); empty when nobody is named so. */
  atcSpeakers: ReadonlySet<number>;
  /** The aircraft's callsign and registration as the fleet writes them; empty when the flight has no aircraft. */
  ownCallsigns: readonly string[];
  /**
   * The track had no times: they were spread evenly between a take-off and a landing given at import. Its
   * speeds are one constant guess, so no phase, landing or approach is judged from it.
   */
  timesEstimated: boolean;
};

/**
 * Below this word confidence (Deepgram's, 0–1) recognition was guessing: a readback fault resting on such a
 * word is "unclear", not the pilot's. Clear speech scores above 0.9; misheard names and clipped words fall
 * under half.
 */
export const uncertainWordConfidence = 0.5;

/** The transcript's utterances on the track's clock (epoch ms), with the words recognition was unsure of. */
export function utterancesOf(transcript: TranscriptJson | null, clockStart: number): RadioUtterance[] {
  const words = getTranscriptWords(transcript);
  const spans = groupUtterances(words);
  return transcriptSentences(transcript).map((sentence, index) => {
    const span = spans[index]!;
    return {
      start: clockStart + sentence.start * 1000,
      end: clockStart + sentence.end * 1000,
      speaker: sentence.speaker,
      text: sentence.text,
      uncertainWords: words
        .slice(span.firstIndex, span.endIndex)
        .filter((word) => (word.confidence ?? 1) < uncertainWordConfidence)
        .map((word) => word.word),
    };
  });
}

const readbackTitles = { missing: 'Readback missing', incomplete: 'Incomplete readback', wrong: 'Wrong readback' } as const;
type FaultStatus = keyof typeof readbackTitles;
const isFault = (finding: ReadbackFinding): finding is ReadbackFinding & { status: FaultStatus } => finding.status in readbackTitles;

/** What was wrong, what should have been said, and the rule it rests on. */
function describeReadback(finding: ReadbackFinding): string {
  const should = finding.expected_readback ? ` A correct readback: “${finding.expected_readback}”.` : '';
  const rule = finding.rule ? ` ${readbackRules[finding.rule].rule} (${readbackRules[finding.rule].citation})` : '';
  return `${describeFault(finding)}${should}${rule}`;
}

function readbackMoments(findings: ReadbackFinding[]): TeachableMoment[] {
  // An unclear readback is no fault of the pilot's: it is said in the limitations, not taught.
  const moments: TeachableMoment[] = findings.filter(isFault).map((finding) => ({
    id: `readback-${Math.round(finding.instruction.start)}`,
    time: finding.instruction.start,
    end_time: finding.readback?.end ?? finding.instruction.end,
    kind: 'readback',
    category: 'communication',
    tone: 'improve',
    title: readbackTitles[finding.status],
    explanation: describeReadback(finding),
    evidence: [finding.instruction, ...(finding.readback ? [finding.readback] : [])].map((utterance) => ({
      kind: 'utterance' as const,
      ...utterance,
    })),
    readback: finding,
  }));
  const judged = findings.filter((finding) => finding.status !== 'unclear');
  if (moments.length === 0 && judged.length >= cleanReadbacksMinimum) {
    const first = judged[0]!;
    moments.push({
      id: `clean_readbacks-${Math.round(first.instruction.start)}`,
      time: first.instruction.start,
      end_time: judged.at(-1)!.readback?.end ?? judged.at(-1)!.instruction.end,
      kind: 'clean_readbacks',
      category: 'communication',
      tone: 'well',
      title: 'Complete readbacks',
      explanation: `All ${judged.length} ATC instructions were read back in full.`,
      evidence: [],
      readback: null,
    });
  }
  return moments;
}

const maxOf = (values: (number | null)[]): number | null => {
  let max: number | null = null;
  for (const value of values) if (value !== null && (max === null || value > max)) max = value;
  return max === null ? null : Math.round(max);
};

/**
 * The whole deterministic analysis of one flight: phases and landings from the track, approach
 * stability and exceedances, workload from the Overloaded markers, the readback check from the
 * transcript, and the ACS tasks both show. Whatever input is missing is said in `limitations`, never guessed.
 */
export function analyseFlight(input: FlightInput, now = new Date()): FlightAnalysis {
  const judgedPoints = input.timesEstimated ? [] : input.points;
  const phaseResult = detectPhases(judgedPoints, { category: input.category, airports: input.airports });
  const limitations = input.timesEstimated ? [messages.analysisTimesEstimated] : [...phaseResult.limitations];
  const clockStart = input.audioStartedAt ?? input.beginTime ?? input.points[0]?.timestamp ?? 0;
  const hasTranscript = input.transcript !== null;
  if (!hasTranscript) limitations.push(messages.analysisNoTranscript);
  // The audio pipeline starts a recording at the flight's begin time; only with neither is the clock a guess.
  else if (input.audioStartedAt === null && input.beginTime === null) limitations.push(messages.analysisNoAudioClock);
  const readbacks = hasTranscript
    ? checkReadbacks(utterancesOf(input.transcript, clockStart), { atcSpeakers: input.atcSpeakers, ownCallsigns: input.ownCallsigns })
    : [];
  if (readbacks.some((finding) => finding.status === 'unclear')) limitations.push(messages.analysisUnclearReadbacks);
  const moments = [
    ...findApproachAndExceedanceMoments(judgedPoints, phaseResult),
    ...findWorkloadClusters(input.markers),
    ...readbackMoments(readbacks),
  ].sort((a, b) => a.time - b.time);
  const kinematics = computeKinematics(input.points);
  return {
    version: analysisVersion,
    computed_at: now.toISOString(),
    phases: phaseResult.phases,
    takeoffs: phaseResult.takeoffs.flatMap(({ time }) => {
      const fix = fixAt(judgedPoints, time);
      return fix ? [{ time, latitude: fix.latitude, longitude: fix.longitude }] : [];
    }),
    landings: phaseResult.landings,
    moments,
    readbacks,
    acs_evidence: findAcsEvidence({
      points: judgedPoints,
      phases: phaseResult,
      category: input.category,
      airports: input.airports,
      readbacks,
    }),
    limitations,
    stats: {
      max_altitude_ft: maxOf(kinematics.altitudeFt),
      max_ground_speed_kt: maxOf(kinematics.groundSpeedKt),
      max_bank_deg: maxOf(kinematics.bankDeg.map((bank) => (bank === null ? null : Math.abs(bank)))),
      landings: phaseResult.landings.length,
      go_arounds: phaseResult.goArounds.length,
    },
  };
}
