import { messages } from '@skylog/contracts';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { trainingScreenOf } from '../../../config/training-paths.ts';

// Each training screen loads when opened; this route only tells them apart (config/training-paths.ts).
const TrainingHome = lazy(async () => ({ default: (await import('./training-home.tsx')).TrainingHome }));
const TrainingCourse = lazy(async () => ({ default: (await import('./training-course.tsx')).TrainingCourse }));
const TrainingLesson = lazy(async () => ({ default: (await import('./training-lesson.tsx')).TrainingLesson }));
const HandoffBrief = lazy(async () => ({
  default: (await import('../../../features/training/components/handoff-brief.tsx')).HandoffBriefScreen,
}));

/** Training (docs/product.md "Lessons and grading"): one's courses or the school's, a course's syllabus, a lesson, a hand-off brief. */
export function Component() {
  const screen = trainingScreenOf(useParams()['*'] ?? '');
  return (
    <Suspense fallback={<p className="text-sm text-slate-600">{messages.loading}</p>}>
      {screen?.kind === 'home' ? <TrainingHome /> : null}
      {screen?.kind === 'course' ? <TrainingCourse key={screen.id} id={screen.id} /> : null}
      {screen?.kind === 'lesson' ? <TrainingLesson key={screen.id} id={screen.id} /> : null}
      {screen?.kind === 'brief' ? <HandoffBrief key={screen.skylogId} skylogId={screen.skylogId} /> : null}
    </Suspense>
  );
}
