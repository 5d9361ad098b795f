import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { trainingReadFailures } from './training-failures.ts';

/** Per ACS task: how often practised, when last, latest and best grade, and the trend. */
export const useScorecard = (personId: string) =>
  useQuery(api.courses.scorecard.query({ params: { skylog_id: personId } }, { failure: trainingReadFailures.scorecard }));

/** The school's students by course stage, and those behind plan. */
export const useTrainingProgress = () => useQuery(api.courses.progress.query(undefined, { failure: trainingReadFailures.progress }));
