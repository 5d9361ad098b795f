import type { LessonStatus, PlanStatus } from '@skylog/contracts';
import { Badge, type BadgeTone } from './badge.tsx';
import { lessonStatusLabels, planStatusLabels } from './training-labels.ts';

const lessonTones: Record<LessonStatus, BadgeTone> = {
  'not-started': 'neutral',
  'in-progress': 'info',
  complete: 'good',
  incomplete: 'warning',
};
const planTones: Record<PlanStatus, BadgeTone> = { ahead: 'good', 'on-track': 'info', behind: 'bad' };

export const LessonStatusBadge = ({ status }: { status: LessonStatus }) => (
  <Badge tone={lessonTones[status]}>{lessonStatusLabels[status]}</Badge>
);

export const PlanStatusBadge = ({ status }: { status: PlanStatus }) => <Badge tone={planTones[status]}>{planStatusLabels[status]}</Badge>;
