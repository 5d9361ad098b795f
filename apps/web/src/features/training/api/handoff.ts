import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { trainingReadFailures } from './training-failures.ts';

/** The brief for the instructor taking a student over: course position, last lessons, rework, currency, endorsements. */
export const useHandoffBrief = (personId: string) =>
  useQuery(api.courses.handoff.query({ params: { skylog_id: personId } }, { failure: trainingReadFailures.handoff }));
