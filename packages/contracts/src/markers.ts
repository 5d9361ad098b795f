/** Rocker keys 1–4 of spec §3, with their default texts and colours. */
export const markerCategories = [
  { key: 1, text: 'Debrief', color: '#2563eb' },
  { key: 2, text: 'Unusual', color: '#f59e0b' },
  { key: 3, text: 'Radio Call', color: '#16a34a' },
  { key: 4, text: 'Overloaded', color: '#dc2626' },
] as const;

export type MarkerKey = (typeof markerCategories)[number]['key'];
