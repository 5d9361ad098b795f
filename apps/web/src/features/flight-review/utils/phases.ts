import type { FlightPhase } from '@skylog/contracts';

/** One colour per phase, for the strip under the charts and the phase list (ground phases in earth tones). */
export const phaseColours: Record<FlightPhase, string> = {
  taxi: '#a8a29e',
  takeoff_roll: '#f59e0b',
  climb: '#22c55e',
  cruise: '#3b82f6',
  descent: '#8b5cf6',
  approach: '#ec4899',
  landing: '#ef4444',
  touch_and_go: '#f97316',
  go_around: '#14b8a6',
};
