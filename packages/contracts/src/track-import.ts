import { limits } from './limits.ts';

/** What a track import tells its pilot about values Skylog put right (the import's `notices`). */
export const trackImportNotices = {
  speedRecomputed: 'Ground speed in the file disagreed with the positions (a wrong scale or unit); Skylog computed it from them.',
  courseRecomputed: 'Course in the file disagreed with the positions; Skylog computed it from them.',
  timesEstimated:
    'This track had no times; Skylog spread its points evenly between the take-off and landing times given at import.',
  timesIgnored: 'This track has times of its own; Skylog kept them and did not use the take-off and landing times given.',
} as const;

export function trackJumpsDroppedNotice(count: number): string {
  return `${count === 1 ? 'One fix' : `${count.toLocaleString('en-US')} fixes`} would need more than ${limits.trackMaxGroundSpeedKt} kt to reach (GPS jumps); Skylog left ${count === 1 ? 'it' : 'them'} out.`;
}

export function trackFastSpeedsNotice(count: number): string {
  return `${count === 1 ? 'One speed' : `${count.toLocaleString('en-US')} speeds`} in the file ${count === 1 ? 'was' : 'were'} above ${limits.trackMaxGroundSpeedKt} kt; Skylog computed ${count === 1 ? 'it' : 'them'} from the positions.`;
}

/** The flight screen's badge on a flight whose track times were spread at import, and what it means. */
export const timesEstimatedBadge = { label: 'Times estimated', explanation: trackImportNotices.timesEstimated } as const;
