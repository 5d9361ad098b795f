import type { OperationInput, Operations } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { trainingReadFailures } from './training-failures.ts';
import { useTrainingMutation } from './training-mutation.ts';

export type EnrollBody = OperationInput<Operations['courses']['enroll']>['body'];

/** A student's courses with their progress against the plan. */
export const useEnrollments = (personId: string) =>
  useQuery(api.courses.enrollments.query({ params: { skylog_id: personId } }, { failure: trainingReadFailures.enrollments }));

/** One enrolment: every lesson with its status, the stage, the rework list and the plan. */
export const useEnrollment = (id: string) =>
  useQuery(api.courses.enrollment.query({ params: { id } }, { failure: trainingReadFailures.enrollments }));

export const useEnroll = (personId: string) =>
  useTrainingMutation((body: EnrollBody) => api.courses.enroll({ params: { skylog_id: personId }, body }));

export const useMoveToLatest = () => useTrainingMutation((id: string) => api.courses.moveToLatest({ params: { id } }));
