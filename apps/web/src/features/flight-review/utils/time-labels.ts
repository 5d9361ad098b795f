import { formatTimeOfDay } from '../../../lib/format-time.ts';
import type { Timezone } from '../../../lib/settings-store.ts';

const labels = new Map<string, string>();
const maxLabels = 50_000;

/**
 * formatTimeOfDay builds an Intl formatter on every call (a few tenths of a millisecond): hundreds of
 * markers and utterances, and a chart legend updated every frame, reuse the label of each second.
 */
export function getTimeLabel(timeMs: number, timezone: Timezone): string {
  const key = `${timezone}${Math.floor(timeMs / 1000)}`;
  let label = labels.get(key);
  if (label === undefined) {
    if (labels.size >= maxLabels) labels.clear();
    label = formatTimeOfDay(timeMs, timezone);
    labels.set(key, label);
  }
  return label;
}
