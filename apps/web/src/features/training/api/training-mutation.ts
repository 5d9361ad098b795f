import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, groupKey } from '../../../lib/api.ts';

/**
 * A change to a course, an enrolment or a lesson refreshes every training read: a graded lesson moves the student's
 * progress, rework list and scorecard, the flight's lessons and the school's students behind plan alike (the courses
 * group of the operation table holds them all).
 */
export const useTrainingMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey('courses') }) });
};

/** A change that answers the lesson as it now is: shown at once while the rest of the training reads again. */
export const useLessonRecordMutation = <Input, Result extends { id: string }>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (record) => {
      queryClient.setQueryData(api.courses.lessonRecord.key({ params: { id: record.id } }), record);
      return queryClient.invalidateQueries({ queryKey: groupKey('courses') });
    },
  });
};
