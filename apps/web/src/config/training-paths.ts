import { paths } from './paths.ts';

const root = paths.dashboard.training.path;

/** The training screens below `paths.dashboard.training`: the home, a course's syllabus, a lesson, a student's hand-off brief. */
export type TrainingScreen =
  { kind: 'home' } | { kind: 'course'; id: string } | { kind: 'lesson'; id: string } | { kind: 'brief'; skylogId: string };

/**
 * The training screens (docs/product.md "Lessons and grading"), all below the one route the router mounts for them
 * (`paths.dashboard.training` and whatever follows it), so the first script every page loads carries one route
 * instead of three. The route table (contracts' route-access.ts) decides who opens each.
 */
export const trainingPaths = {
  home: { href: root },
  course: { getHref: (id: string) => `${root}/courses/${encodeURIComponent(id)}` },
  lesson: { getHref: (id: string) => `${root}/lessons/${encodeURIComponent(id)}` },
  brief: { getHref: (skylogId: string) => `${root}/students/${encodeURIComponent(skylogId)}/brief` },
} as const;

/** Which training screen the part of the address after `paths.dashboard.training` names; null for none of them. */
export function trainingScreenOf(rest: string): TrainingScreen | null {
  const [section, id, ...more] = rest.split('/').filter(Boolean);
  if (section === undefined) return { kind: 'home' };
  if (section === 'students' && id !== undefined && more.length === 1 && more[0] === 'brief') {
    return { kind: 'brief', skylogId: decodeURIComponent(id) };
  }
  if (id === undefined || more.length > 0) return null;
  if (section === 'courses') return { kind: 'course', id: decodeURIComponent(id) };
  if (section === 'lessons') return { kind: 'lesson', id: decodeURIComponent(id) };
  return null;
}
