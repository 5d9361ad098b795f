/**
 * Matching detected flight events to the labelled truth of a real flight. An event is found when a detected
 * one lies within the tolerance of a true one, each detection answering at most one true event and the other
 * way round. Of all such pairings the one with the most pairs is taken, and among those the one whose times
 * lie nearest (the least total distance), so a detection is never spent on a farther event when that would
 * leave a nearer one unmatched.
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

/** One-to-one matching within ±`toleranceS`: the most pairs, then the nearest times. */
export function matchEvents<Truth extends TimedEvent, Detected extends TimedEvent>(
  truth: readonly Truth[],
  detected: readonly Detected[],
  toleranceS = matchToleranceS,
): EventMatch<Truth, Detected> {
  const toleranceMs = toleranceS * 1000;
  const sortedTruth = [...truth].sort((a, b) => a.time - b.time);
  const sortedDetected = [...detected].sort((a, b) => a.time - b.time);
  // On a time line a best pairing never crosses (a before b, a's match after b's), so the best one over the first
  // i true and j detected events extends a best one over fewer: best[i][j] by dynamic programming.
  type Best = { pairs: number; distance: number; step: 'pair' | 'skip truth' | 'skip detected' | 'start' };
  const isBetter = (a: Best, b: Best) => a.pairs > b.pairs || (a.pairs === b.pairs && a.distance < b.distance);
  const best: Best[][] = [];
  for (let i = 0; i <= sortedTruth.length; i += 1) {
    best.push([]);
    for (let j = 0; j <= sortedDetected.length; j += 1) {
      let cell: Best = { pairs: 0, distance: 0, step: 'start' };
      if (i > 0) cell = { ...best[i - 1]![j]!, step: 'skip truth' };
      if (j > 0 && isBetter(best[i]![j - 1]!, cell)) cell = { ...best[i]![j - 1]!, step: 'skip detected' };
      if (i > 0 && j > 0) {
        const distance = Math.abs(sortedTruth[i - 1]!.time - sortedDetected[j - 1]!.time);
        const before = best[i - 1]![j - 1]!;
        const paired: Best = { pairs: before.pairs + 1, distance: before.distance + distance, step: 'pair' };
        if (distance <= toleranceMs && isBetter(paired, cell)) cell = paired;
      }
      best[i]!.push(cell);
    }
  }
  const found: EventMatch<Truth, Detected>['found'] = [];
  const missed: Truth[] = [];
  const invented: Detected[] = [];
  for (let i = sortedTruth.length, j = sortedDetected.length; i > 0 || j > 0;) {
    const { step } = best[i]![j]!;
    if (step === 'pair') found.push({ truth: sortedTruth[--i]!, detected: sortedDetected[--j]! });
    else if (step === 'skip truth') missed.push(sortedTruth[--i]!);
    else invented.push(sortedDetected[--j]!);
  }
  return { found: found.reverse(), missed: missed.reverse(), invented: invented.reverse() };
}
