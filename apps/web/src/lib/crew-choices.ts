import type { CrewChoices } from '@skylog/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { crewChoiceKeys } from './query-keys.ts';

export const getCrewChoices = (signal?: AbortSignal) => apiRequest<CrewChoices>('/api/trips/crew-choices', { signal });

/**
 * Whom the signed-in person may put in a seat (the server's seat rule) and the crew a new flight of
 * theirs starts with: read by the upload form and the Edit flight form, which share one answer.
 */
export const useCrewChoices = (isEnabled = true) =>
  useQuery(queryOptions({ queryKey: crewChoiceKeys.all, queryFn: ({ signal }) => getCrewChoices(signal), enabled: isEnabled }));
