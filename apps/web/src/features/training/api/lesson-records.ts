import type { OperationInput, Operations } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { trainingReadFailures } from './training-failures.ts';
import { useLessonRecordMutation } from './training-mutation.ts';

export type StartLessonBody = OperationInput<Operations['courses']['startLesson']>['body'];
export type GradesBody = OperationInput<Operations['courses']['grade']>['body'];
export type CompleteBody = OperationInput<Operations['courses']['complete']>['body'];

/** A lesson as given: each item with its grade and Skylog's proposal from the flight. */
export const useLessonRecord = (id: string) =>
  useQuery(api.courses.lessonRecord.query({ params: { id } }, { failure: trainingReadFailures.lesson }));

/** The lessons graded on a flight, and the lessons the reader may link it to. */
export const useTripLessons = (tripId: string) =>
  useQuery(api.courses.forTrip.query({ params: { id: tripId } }, { failure: trainingReadFailures.lesson }));

/** Begins a lesson on the student's flight (or with none, for a ground lesson); their open rework is carried in. */
export const useStartLesson = () =>
  useLessonRecordMutation(({ enrollmentId, body }: { enrollmentId: string; body: StartLessonBody }) =>
    api.courses.startLesson({ params: { id: enrollmentId }, body }),
  );

export const useGradeItems = () =>
  useLessonRecordMutation(({ id, body }: { id: string; body: GradesBody }) => api.courses.grade({ params: { id }, body }));

/** Signs the lesson's grades (AC 120-78): complete when every required item reached its grade, else incomplete. */
export const useCompleteLesson = () =>
  useLessonRecordMutation(({ id, body }: { id: string; body: CompleteBody }) => api.courses.complete({ params: { id }, body }));
