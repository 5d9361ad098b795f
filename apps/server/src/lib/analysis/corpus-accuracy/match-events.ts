/**
 * Matching detected flight events to the labelled truth of a real flight. An event is found when a detected
 * one lies within the tolerance of a true one; each detected event answers at most one true event and the
 * other way round, nearest pairs first, so two landings ten seconds apart cannot both claim one detection.
 */

/** How far (seconds) a detected event may lie from the labelled time and still be the same event. */
export const matchToleranceS = 10;

export type TimedEvent = { time: number };

export type EventMatch<Truth extends TimedEvent, Detected extends TimedEvent> = {
  /** Pairs of a true event and the detected event that found it, in the truth's time order. */
  found: { truth: Truth; detected: Detected }[];
  /** True events no detection came near. */
  missed: Truth[];
  /** Detections with no true event near them. */
  invented: Detected[];
};

/** One-to-one matching within ±`toleranceS`, the nearest pairs taken first (ties: the earlier true event). */
export function matchEvents<Truth extends TimedEvent, Detected extends TimedEvent>(
  truth: readonly Truth[],
  detected: readonly Detected[],
  toleranceS = matchToleranceS,
): EventMatch<Truth, Detected> {
  const toleranceMs = toleranceS * 1000;
  const candidates: { truthIndex: number; detectedIndex: number; distance: number }[] = [];
  truth.forEach((event, truthIndex) =>
    detected.forEach((other, detectedIndex) => {
      const distance = Math.abs(other.time - event.time);
      if (distance <= toleranceMs) candidates.push({ truthIndex, detectedIndex, distance });
    }),
  );
  candidates.sort((a, b) => a.distance - b.distance || a.truthIndex - b.truthIndex || a.detectedIndex - b.detectedIndex);
  const detectedOf = new Map<number, number>();
  const usedDetected = new Set<number>();
  for (const { truthIndex, detectedIndex } of candidates) {
    if (detectedOf.has(truthIndex) || usedDetected.has(detectedIndex)) continue;
    detectedOf.set(truthIndex, detectedIndex);
    usedDetected.add(detectedIndex);
  }
  const byTime = <Event extends TimedEvent>(events: Event[]) => events.sort((a, b) => a.time - b.time);
  return {
    found: [...detectedOf.entries()]
      .sort(([a], [b]) => truth[a]!.time - truth[b]!.time)
      .map(([truthIndex, detectedIndex]) => ({ truth: truth[truthIndex]!, detected: detected[detectedIndex]! })),
    missed: byTime(truth.filter((_, index) => !detectedOf.has(index))),
    invented: byTime(detected.filter((_, index) => !usedDetected.has(index))),
  };
}
